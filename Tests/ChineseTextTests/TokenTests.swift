import ChineseText
import Foundation
import Testing

@Suite("Token")
struct TokenTests {
    @Test func tokenWithHanIsChinese() {
        let token = Token(text: "T恤", kind: .chineseWord, source: .dictionary, utf16Range: 0..<2, characterRange: 0..<2)

        #expect(token.isChinese)
    }

    @Test func tokenWithoutHanIsNotChinese() {
        let token = Token(text: "iPhone", kind: .latinWord, source: .unknown, utf16Range: 0..<6, characterRange: 0..<6)

        #expect(!token.isChinese)
    }

    @Test func tokenEncodesKindAndSourceAsStrings() throws {
        let token = Token(text: "银行", kind: .chineseWord, source: .dictionary, utf16Range: 0..<2, characterRange: 0..<2)

        let json = try #require(String(data: JSONEncoder().encode(token), encoding: .utf8))
        let decoded = try JSONDecoder().decode(Token.self, from: Data(json.utf8))

        #expect(json.contains("\"chineseWord\""))
        #expect(json.contains("\"dictionary\""))
        #expect(decoded == token)
    }
}
