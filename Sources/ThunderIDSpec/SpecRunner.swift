import ThunderID
