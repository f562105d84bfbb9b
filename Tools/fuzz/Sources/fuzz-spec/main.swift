import Foundation
import FuzzSupport

exit(runFuzzer(fuzzSpec))
