import Testing

@Test func placeholderLayoutAPI() { #expect(1 + 1 == 2) }
