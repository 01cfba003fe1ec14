@testable import LayoutEngine

/// `ip(1, 2)`: the index path of item 2 in section 1 (UpdateEngineTests has its own for batches).
func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(section: section, item: item) }
