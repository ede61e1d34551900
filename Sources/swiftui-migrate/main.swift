import SwiftUIMigrateCLI
import Foundation
exit(CLI.run())
