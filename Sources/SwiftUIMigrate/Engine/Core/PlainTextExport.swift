/// The text helpers every module shares (`trimmingWhitespace()`, `FNV1a`) are part of this
/// module's API, so its files, its tests and the CLI use them without importing `PlainText`.
@_exported import PlainText
