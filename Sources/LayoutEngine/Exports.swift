// `IndexPath` lives in the IndexPaths module (shared with UpdateEngine); importers of the
// engine see it as before.
@_exported import IndexPaths
