import XCTest
final class SwiftUIMigrateTestsPlaceholder: XCTestCase { func testNothing() {} }
