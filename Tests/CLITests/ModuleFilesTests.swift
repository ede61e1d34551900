@testable import SwiftUIMigrateCLI
import XCTest

/// The files a module's index reads: git's tracked `.swift` files below the module's folder, without those in a
/// hidden folder or one discovery skips (as `scan` itself leaves them out).
final class ModuleFilesTests: XCTestCase {
    func testTheIndexReadsTheSwiftFilesDiscoveryWouldScan() {
        let folder = "/repo/App"
        let tracked = [
            "/repo/App/.build/checkouts/Dep/Sources/Dep.swift",
            "/repo/App/.hidden.swift",
            "/repo/App/Feed/FeedModel.swift",
            "/repo/App/Feed/FeedView.swift",
            "/repo/App/Feed/README.md",
            "/repo/App/Feed/Pods/Vendored.swift",
            "/repo/App/Feed/Rows/Row.swift",
            "/repo/App/Main.swift",
            "/repo/App/Pods/Alamofire/Session.swift",
            "/repo/App/Shelf/.generated/Mock.swift",
            "/repo/App/Shelf/ShelfView.swift",
            "/repo/App/node_modules/x/Gen.swift",
        ]
        XCTAssertEqual(ModuleFiles.scanned(tracked, below: folder), [
            "/repo/App/.hidden.swift",
            "/repo/App/Feed/FeedModel.swift",
            "/repo/App/Feed/FeedView.swift",
            "/repo/App/Feed/Rows/Row.swift",
            "/repo/App/Main.swift",
            "/repo/App/Shelf/ShelfView.swift",
        ])
    }

    func testAFolderIsJudgedByItsOwnPathWhateverCameBefore() {
        // A skipped folder and a kept folder of the same name at other depths, in an order git would not give.
        let tracked = ["/m/Pods/A.swift", "/m/Sources/Pods.swift", "/m/Pods/B.swift", "/m/Sources/Pods/C.swift", "/m/Sources/D.swift"]
        XCTAssertEqual(ModuleFiles.scanned(tracked, below: "/m"), ["/m/Sources/Pods.swift", "/m/Sources/D.swift"])
    }
}
