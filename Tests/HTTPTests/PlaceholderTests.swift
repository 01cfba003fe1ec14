import Testing

@Test func placeholderHTTP() { #expect(1 + 1 == 2) }
