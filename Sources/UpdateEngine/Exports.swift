// `IndexPath` lives in the IndexPaths module (shared with LayoutEngine); importers see it as before.
@_exported import IndexPaths
