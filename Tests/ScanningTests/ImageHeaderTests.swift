import Foundation
import Testing

@testable import Scanning

@Suite("Image headers are checked before anything decodes the image")
struct ImageHeaderTests {
    /// A minimal PNG header claiming `width`×`height` (no pixel data: the check must not need it).
    static func png(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [8, 2, 0, 0, 0, 0, 0, 0, 0])
        return data
    }

    /// A JPEG with an APP1 segment before its baseline start-of-frame.
    static func jpeg(width: Int, height: Int, marker: UInt8 = 0xC0) -> Data {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x08])
        data.append(contentsOf: Array("Exif".utf8) + [0, 0])
        data.append(contentsOf: [0xFF, marker, 0x00, 0x11, 0x08])
        data.append(contentsOf: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        data.append(contentsOf: [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])
        data.append(contentsOf: [0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9])
        return data
    }

    static func webp(chunk: String, payload: [UInt8]) -> Data {
        var data = Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0])
        data.append(contentsOf: payload)
        return data
    }

    @Test func readsPNGSize() throws {
        let header = try ImageHeader.inspect(Self.png(width: 1500, height: 2000))
        #expect(header == ImageHeader(format: .png, width: 1500, height: 2000))
    }

    @Test(arguments: [UInt8(0xC0), 0xC1, 0xC2])
    func readsJPEGSizeAfterOtherSegments(marker: UInt8) throws {
        let header = try ImageHeader.inspect(Self.jpeg(width: 4032, height: 3024, marker: marker))
        #expect(header == ImageHeader(format: .jpeg, width: 4032, height: 3024))
    }

    @Test func readsWebPSizes() throws {
        let lossy = Self.webp(chunk: "VP8 ", payload: [0, 0, 0, 0x9D, 0x01, 0x2A, 0xDC, 0x05, 0xD0, 0x07])
        #expect(try ImageHeader.inspect(lossy) == ImageHeader(format: .webp, width: 1500, height: 2000))
        // VP8L: 14 bits width-1, 14 bits height-1, little-endian after the 0x2F signature.
        let bits = UInt32(1499) | UInt32(1999) << 14
        let lossless = Self.webp(
            chunk: "VP8L",
            payload: [
                0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24), 0, 0, 0,
                0, 0,
            ])
        #expect(try ImageHeader.inspect(lossless) == ImageHeader(format: .webp, width: 1500, height: 2000))
        let extended = Self.webp(chunk: "VP8X", payload: [0, 0, 0, 0, 0xDB, 0x05, 0, 0xCF, 0x07, 0])
        #expect(try ImageHeader.inspect(extended) == ImageHeader(format: .webp, width: 1500, height: 2000))
    }

    @Test func refusesADecompressionBombFromItsHeader() {
        #expect(throws: ImageInputError.tooManyPixels(width: 100_000, height: 100_000, limit: 50_000_000)) {
            try ImageHeader.inspect(Self.png(width: 100_000, height: 100_000))
        }
        let error = ImageInputError.tooManyPixels(width: 100_000, height: 100_000, limit: 50_000_000)
        #expect(error.description.contains("50 megapixels"))
    }

    @Test func acceptsExactlyTheLimits() throws {
        _ = try ImageHeader.inspect(Self.png(width: 10_000, height: 5_000))
        #expect(throws: ImageInputError.self) { try ImageHeader.inspect(Self.png(width: 10_001, height: 5_000)) }
        let limits = ImageLimits(maximumBytes: 100, maximumPixels: 50_000_000)
        #expect(throws: ImageInputError.fileTooLarge(bytes: 101, limit: 100)) {
            try ImageHeader.inspect(Self.png(width: 10, height: 10) + Data(count: 101 - 33), limits: limits)
        }
    }

    @Test(arguments: [
        ("heic", "HEIC"), ("heix", "HEIC"), ("mif1", "HEIC"), ("avif", "AVIF"),
    ])
    func refusesHEICByNameWithAConversionHint(brand: String, name: String) throws {
        let data = Data([0, 0, 0, 24] + Array("ftyp".utf8) + Array(brand.utf8) + [0, 0, 0, 0])
        #expect(throws: ImageInputError.unsupportedFormat(name: name)) { try ImageHeader.inspect(data) }
        #expect(ImageInputError.unsupportedFormat(name: name).description.contains("convert to JPEG"))
    }

    @Test(arguments: [
        ("GIF89a\u{1}\u{0}\u{1}\u{0}", "GIF"), ("BM\u{0}\u{0}", "BMP"), ("%PDF-1.7", "PDF"), ("II*\u{0}", "TIFF"),
        ("<svg xmlns", "SVG"),
    ])
    func refusesOtherImageTypesByName(prefix: String, name: String) {
        #expect(throws: ImageInputError.unsupportedFormat(name: name)) { try ImageHeader.inspect(Data(prefix.utf8)) }
    }

    @Test func refusesEmptyTextAndTruncatedFiles() {
        #expect(throws: ImageInputError.empty) { try ImageHeader.inspect(Data()) }
        #expect(throws: ImageInputError.unsupportedFormat(name: nil)) { try ImageHeader.inspect(Data("hello".utf8)) }
        #expect(throws: ImageInputError.unreadable(format: .jpeg)) {
            try ImageHeader.inspect(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00]))
        }
        #expect(throws: ImageInputError.unreadable(format: .png)) {
            try ImageHeader.inspect(Self.png(width: 1, height: 1).prefix(20))
        }
        #expect(throws: ImageInputError.unreadable(format: .png)) {
            try ImageHeader.inspect(Self.png(width: 0, height: 10))
        }
    }
}
