import Testing

@Test func placeholderLayoutEngine() { #expect(1 + 1 == 2) }
