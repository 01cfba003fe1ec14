import HTTP
import LayoutEngine

/// Placeholder; the service wiring lands with the routes.
public struct LayoutService: Sendable {
    public init() {}
}
