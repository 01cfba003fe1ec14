// `IndexPath` lives in the IndexPaths module (shared with CollectionUpdates); importers of the
// engine see it as before.
@_exported import IndexPaths
