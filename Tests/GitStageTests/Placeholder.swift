import XCTest
final class GitStageTestsPlaceholder: XCTestCase { func testNothing() {} }
