public import Foundation

/// The image formats the recogniser accepts.
public enum ImageFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// JPEG, as phone cameras write it.
    case jpeg
    /// PNG, as screenshots are.
    case png
    /// WebP.
    case webp

    /// The file extension to store it under.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        }
    }

    /// The MIME type to serve it with.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        }
    }
}

/// How large an image may be before anything decodes it.
public struct ImageLimits: Hashable, Sendable {
    /// The largest file accepted, in bytes (20 MB).
    public var maximumBytes: Int
    /// The most pixels accepted (50 megapixels).
    public var maximumPixels: Int

    /// Creates limits.
    public init(maximumBytes: Int = 20 * 1_048_576, maximumPixels: Int = 50_000_000) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
    }

    /// The limits of the issue: 20 MB and 50 megapixels.
    public static let standard = ImageLimits()
}

/// An image's format and size, read from its header without decoding the pixels.
public struct ImageHeader: Hashable, Sendable {
    /// The format, from the file's signature (never from its name).
    public var format: ImageFormat
    /// The stored width in pixels (before EXIF orientation).
    public var width: Int
    /// The stored height in pixels.
    public var height: Int

    /// Creates a header.
    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads and checks an image's header: the format must be JPEG, PNG or WebP, the file at most
    /// `limits.maximumBytes` and the picture at most `limits.maximumPixels`.
    public static func inspect(_ data: Data, limits: ImageLimits = .standard) throws(ImageInputError) -> ImageHeader {
        guard !data.isEmpty else { throw .empty }
        guard data.count <= limits.maximumBytes else {
            throw .fileTooLarge(bytes: data.count, limit: limits.maximumBytes)
        }
        let bytes = [UInt8](data.prefix(min(data.count, 1 << 20)))
        let header: ImageHeader
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            header = try jpegHeader(bytes)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            header = try pngHeader(bytes)
        } else if bytes.count >= 12, bytes[0..<4].elementsEqual(Array("RIFF".utf8)),
            bytes[8..<12].elementsEqual(Array("WEBP".utf8))
        {
            header = try webpHeader(bytes)
        } else {
            throw .unsupportedFormat(name: otherFormatName(bytes))
        }
        guard header.width > 0, header.height > 0 else { throw .unreadable(format: header.format) }
        guard header.width * header.height <= limits.maximumPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: limits.maximumPixels)
        }
        return header
    }

    private static func jpegHeader(_ bytes: [UInt8]) throws(ImageInputError) -> ImageHeader {
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { throw .unreadable(format: .jpeg) }
            var marker = bytes[index + 1]
            while marker == 0xFF, index + 2 < bytes.count {
                index += 1
                marker = bytes[index + 1]
            }
            index += 2
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { break }
            guard index + 1 < bytes.count else { break }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2 else { throw .unreadable(format: .jpeg) }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                guard index + 6 < bytes.count else { break }
                let height = Int(bytes[index + 3]) << 8 | Int(bytes[index + 4])
                let width = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            index += length
        }
        throw .unreadable(format: .jpeg)
    }

    private static func pngHeader(_ bytes: [UInt8]) throws(ImageInputError) -> ImageHeader {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else {
            throw .unreadable(format: .png)
        }
        return ImageHeader(format: .png, width: bigEndian32(bytes, 16), height: bigEndian32(bytes, 20))
    }

    private static func webpHeader(_ bytes: [UInt8]) throws(ImageInputError) -> ImageHeader {
        guard bytes.count >= 30 else { throw .unreadable(format: .webp) }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { throw .unreadable(format: .webp) }
            let width = (Int(bytes[26]) | Int(bytes[27]) << 8) & 0x3FFF
            let height = (Int(bytes[28]) | Int(bytes[29]) << 8) & 0x3FFF
            return ImageHeader(format: .webp, width: width, height: height)
        case "VP8L":
            guard bytes[20] == 0x2F else { throw .unreadable(format: .webp) }
            let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            let width = (Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16) + 1
            let height = (Int(bytes[27]) | Int(bytes[28]) << 8 | Int(bytes[29]) << 16) + 1
            return ImageHeader(format: .webp, width: width, height: height)
        default:
            throw .unreadable(format: .webp)
        }
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    /// A name for a format we refuse, so the message can say what to do.
    private static func otherFormatName(_ bytes: [UInt8]) -> String? {
        func starts(_ text: String) -> Bool { bytes.starts(with: Array(text.utf8)) }
        if bytes.count >= 12, bytes[4..<8].elementsEqual(Array("ftyp".utf8)) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return "AVIF" }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return "HEIC" }
            return "a video or MP4 file"
        }
        if starts("GIF8") { return "GIF" }
        if starts("BM") { return "BMP" }
        if starts("II*\u{0}") || starts("MM\u{0}*") { return "TIFF" }
        if starts("%PDF") { return "PDF" }
        if starts("<svg") || starts("<?xml") { return "SVG" }
        return nil
    }
}

/// Why an image was refused before recognition.
public enum ImageInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is empty.
    case empty
    /// The file is over the size limit.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The picture is over the pixel limit.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Not JPEG, PNG or WebP; `name` says what it is when known (HEIC, GIF…).
    case unsupportedFormat(name: String?)
    /// The signature says JPEG, PNG or WebP but the header is damaged.
    case unreadable(format: ImageFormat)

    /// A sentence that tells the user what to do.
    public var description: String {
        switch self {
        case .empty:
            "The image file is empty."
        case .fileTooLarge(_, let limit):
            "The image is larger than \(limit / 1_048_576) MB. Use a smaller photo."
        case .tooManyPixels(let width, let height, let limit):
            "The image is \(width)×\(height) pixels, more than \(limit / 1_000_000) megapixels. Use a smaller photo."
        case .unsupportedFormat(let name?) where name == "HEIC" || name == "AVIF":
            "\(name) photos are not supported: convert to JPEG and try again "
                + "(on an iPhone: Settings › Camera › Formats › Most Compatible)."
        case .unsupportedFormat(let name?):
            "\(name) images are not supported: use a JPEG, PNG or WebP photo."
        case .unsupportedFormat(nil):
            "This file is not an image we can read: use a JPEG, PNG or WebP photo."
        case .unreadable(let format):
            "The \(format.rawValue.uppercased()) file is damaged or incomplete and cannot be read."
        }
    }
}
