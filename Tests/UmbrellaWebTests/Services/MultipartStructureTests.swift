import NIOCore
import Testing

@testable import UmbrellaWeb

@Suite struct MultipartStructureTests {
    static let field = "Content-Disposition: form-data; name=\"title\""

    @Test(arguments: [
        "--B\r\n\(field)\r\n\r\n月亮\r\n--B--\r\n",
        "preamble\r\n--B\r\n\(field)\r\n\r\n\r\n--B--",
        "--B\r\n\(field)\r\nContent-Type: text/plain\r\n\r\nx\r\n--B\r\n\(field)\r\n\r\ny\r\n--B--\r\n",
        "--B\r\n\(field)\r\n\r\n--B--\r\n",
    ])
    func wellFormedBodiesPass(body: String) {
        #expect(MultipartStructure.isWellFormed(ByteBuffer(string: body), boundary: "B"))
    }

    @Test(arguments: [
        "--B\r\n##îk--B--\r\n",  // a part without headers: crashed MultipartKit 4.7
        "--B\r\n\r\nx\r\n--B--\r\n",  // no Content-Disposition
        "--B\r\n: value\r\n\r\nx\r\n--B--\r\n",  // a header without a name
        "--B\r\n\(field)\r\n\r\nx",  // no closing delimiter
        "garbage--B\r\n\(field)\r\n\r\nx\r\n--B--",  // preamble not ended by CRLF
        "no delimiter at all",
        "--B",
    ])
    func malformedBodiesAreCaught(body: String) {
        #expect(!MultipartStructure.isWellFormed(ByteBuffer(string: body), boundary: "B"))
    }
}
