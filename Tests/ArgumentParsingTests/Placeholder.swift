import XCTest
final class ArgumentParsingTestsPlaceholder: XCTestCase { func testNothing() {} }
