// ThunderIDSwiftUI: thin SwiftUI views over the ThunderID module's observable state.
//
// Everything here is a rendering of `ChangeCredentialState` / `ThunderIDState`, whose behaviour
// is tested on Linux; the views hold no logic of their own. On platforms without SwiftUI this
// module is empty.
#if canImport(SwiftUI)
import SwiftUI
import ThunderID
#endif
