import Foundation
import FuzzSupport

exit(runFuzzer(fuzzTrace))
