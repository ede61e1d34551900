/// Measures how long a batch, or one repository's job, took.
struct Stopwatch {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// Starts measuring now.
    init() { start = clock.now }

    /// Seconds since the stopwatch started.
    var elapsedSeconds: Double { (clock.now - start) / .seconds(1) }
}
