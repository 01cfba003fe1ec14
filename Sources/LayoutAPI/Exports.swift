// The shared store client is its own module (SharedStore: it needs no engine, so a release build
// compiles it beside the engine instead of inside this module). It is part of this module's
// interface (`LayoutApplication` takes a `StoreClient`; the command line reads `StoreOptions`, the
// executable and PostgresStore implement `LayoutStore`), so importers of LayoutAPI see it as before.
@_exported import SharedStore
