#if canImport(SwiftUI)
import SwiftUI
import ThunderID
#endif
