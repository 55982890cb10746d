public import Foundation

/// A point in image pixels.
public struct ImagePoint: Hashable, Sendable, Codable {
    /// Pixels from the left edge.
    public var x: Double
    /// Pixels from the top edge.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One line (or vertical column) of recognised text.
public struct RecognizedLine: Hashable, Sendable, Codable {
    /// The text as read.
    public var text: String
    /// How sure the recogniser is, 0...1.
    public var confidence: Double
    /// The line's quadrilateral, clockwise from the top-left, in pixels of the upright image.
    public var box: [ImagePoint]
    /// Whether this is a vertical column of text.
    public var isVertical: Bool

    /// Creates a line.
    public init(text: String, confidence: Double, box: [ImagePoint], isVertical: Bool = false) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.isVertical = isVertical
    }

    /// The smallest upright rectangle around the box.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let xs = box.map(\.x)
        let ys = box.map(\.y)
        return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }
}

/// The text recognised on one image, lines in reading order.
public struct RecognizedPage: Hashable, Sendable, Codable {
    /// The upright image's width in pixels.
    public var width: Int
    /// The upright image's height in pixels.
    public var height: Int
    /// The lines in reading order.
    public var lines: [RecognizedLine]
    /// How long recognition took, in seconds.
    public var seconds: Double

    /// Creates a page.
    public init(width: Int, height: Int, lines: [RecognizedLine], seconds: Double) {
        self.width = width
        self.height = height
        self.lines = lines
        self.seconds = seconds
    }

    /// The page's text, lines joined into paragraphs (see ``PageText``).
    public var text: String { PageText.assemble(lines) }

    /// The mean line confidence weighted by line length, or nil for a page without text.
    public var confidence: Double? {
        let total = lines.reduce(0) { $0 + $1.text.count }
        guard total > 0 else { return nil }
        return lines.reduce(0) { $0 + $1.confidence * Double($1.text.count) } / Double(total)
    }
}

/// A clockwise quarter turn the user applied to a photo.
public enum QuarterTurn: Int, Hashable, Sendable, Codable, CaseIterable {
    /// Upright as taken.
    case none = 0
    /// Turned 90° clockwise.
    case clockwise = 90
    /// Turned upside down.
    case halfTurn = 180
    /// Turned 90° anticlockwise.
    case anticlockwise = 270

    /// The turn for any multiple of 90 degrees (negative or over 360 included), or nil.
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }
}

/// A region of interest as fractions 0...1 of the upright image.
public struct RegionOfInterest: Hashable, Sendable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A region clamped to the image, or nil when it is empty, not finite or mostly outside it.
    public init?(x: Double, y: Double, width: Double, height: Double) {
        guard [x, y, width, height].allSatisfy(\.isFinite) else { return nil }
        let left = min(1, max(0, x))
        let top = min(1, max(0, y))
        let right = min(1, max(0, x + width))
        let bottom = min(1, max(0, y + height))
        guard right - left >= 0.01, bottom - top >= 0.01 else { return nil }
        self.x = left
        self.y = top
        self.width = right - left
        self.height = bottom - top
    }

    /// Parses `x,y,width,height` (fractions), as forms and the command line give it.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3] else {
            return nil
        }
        self.init(x: x, y: y, width: width, height: height)
    }
}

/// What to recognise on a page image.
public struct PageRecognitionOptions: Hashable, Sendable {
    /// The user's rotation, applied after the photo's own EXIF orientation.
    public var rotation: QuarterTurn
    /// Only this part of the image, if set.
    public var region: RegionOfInterest?
    /// Whether to run the recogniser's own preprocessing (illumination, deskew…); off only to measure.
    public var preprocess: Bool

    /// Creates options.
    public init(rotation: QuarterTurn = .none, region: RegionOfInterest? = nil, preprocess: Bool = true) {
        self.rotation = rotation
        self.region = region
        self.preprocess = preprocess
    }
}

/// Why recognition did not produce text.
public enum TextRecognitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The engine cannot run here; `reason` says why (e.g. the worker could not start).
    case unavailable(reason: String)
    /// The image was refused or could not be decoded; `message` tells the user what to do.
    case badImage(message: String)
    /// Recognition took longer than the limit and was stopped.
    case timedOut(seconds: Double)
    /// The engine failed on this image.
    case failed(message: String)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .unavailable(let reason): "OCR is unavailable: \(reason)"
        case .badImage(let message): message
        case .timedOut(let seconds):
            "Reading the photo took longer than \(Int(seconds.rounded())) seconds and was stopped. Try again, "
                + "or retake it closer and flatter."
        case .failed(let message): "The text could not be read: \(message)"
        }
    }
}

/// Reads the text on a photographed page. The server's implementation talks to a PP-OCR worker
/// process; an iOS app can slot in Apple's Vision framework.
public protocol TextRecognizer: Sendable {
    /// The lines of text on the image file, in reading order.
    func recognizePage(
        at file: URL, options: PageRecognitionOptions
    ) async throws(TextRecognitionError)
        -> RecognizedPage
}
