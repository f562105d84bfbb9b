// The README's "Languages, plurals and your own strings" example, verbatim (DocumentationSnippetTests
// checks it against README.md line for line, and runs it).

import Foundation
import ThunderID

/// German from the package, with the app's own `de.lproj/ChangeCredential.strings` laid over it.
func germanStrings() -> ChangeCredentialStrings {
    // The app's de.lproj/ChangeCredential.strings may hold, for example:
    //   "submit" = "Übernehmen";
    //   "recovery_code.name" = "Wiederherstellungscode";
    //   "recovery_code.newValueLabel" = "Neuer Wiederherstellungscode";
    var strings = ChangeCredentialStrings.localized(for: Locale(identifier: "de_DE"), overridesFrom: .main)
    strings["cancel"] = "Zurück"                                   // one key, in code
    strings.setCredential("backup_pin", name: "Notfall-PIN",       // a credential's own sentences
                          texts: ["newValueLabel": "Neue Notfall-PIN",
                                  "emptyValue": "Gib eine neue Notfall-PIN ein."])
    return strings
}
