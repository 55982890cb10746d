import ArgumentParser
import Foundation
import OCRWorker
import Scanning

struct OCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract: "Read the text on photographed or scanned pages (PP-OCR; Chinese and Latin text).",
        discussion: """
            Prints each image's text, lines joined into paragraphs, in the order given; several images
            are separated by a form feed. --json prints one object per image (JSON Lines) with every line's
            text, confidence and box. Accepts JPEG, PNG and WebP up to 20 MB and 50 megapixels. Needs the
            OCR worker (workers/ocr/install). Exits 1 if any image could not be read.
            """
    )

    @Argument(help: "Image files.", completion: .file())
    var images: [String]

    @Flag(help: "Print one JSON object per image, with lines, confidences and boxes.")
    var json = false

    @Option(help: "Rotate each image clockwise first: 0, 90, 180 or 270.")
    var rotate = 0

    @Option(help: "Only read this region: x,y,width,height as fractions of the image.")
    var roi: String?

    @Flag(help: "Skip our preprocessing (to compare with raw rapidocr).")
    var raw = false

    struct ImageResult: Encodable {
        var file: String
        var ok: Bool
        var error: String?
        var width: Int?
        var height: Int?
        var seconds: Double?
        var text: String?
        var lines: [RecognizedLine]?
    }

    func validate() throws {
        if images.isEmpty { throw ValidationError("Give at least one image file.") }
        if QuarterTurn(degrees: rotate) == nil { throw ValidationError("--rotate must be 0, 90, 180 or 270.") }
        if let roi, RegionOfInterest(parsing: roi) == nil {
            throw ValidationError("--roi must be x,y,width,height as fractions from 0 to 1.")
        }
    }

    func run() async throws {
        let pool = OCRWorkerPool(
            configuration: .fromEnvironment(
                ProcessInfo.processInfo.environment, searchRoots: OCRWorkerConfiguration.defaultSearchRoots()))
        let options = PageRecognitionOptions(
            rotation: QuarterTurn(degrees: rotate) ?? .none, region: roi.flatMap(RegionOfInterest.init(parsing:)),
            preprocess: !raw)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var failed = false
        for (index, path) in images.enumerated() {
            var result = ImageResult(file: path, ok: false)
            do {
                let url = URL(fileURLWithPath: path)
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw ValidationError("\(path): no such file, or it cannot be read.")
                }
                do {
                    _ = try ImageHeader.inspect(data)
                } catch {
                    throw ValidationError("\(path): \(error.description)")
                }
                let page = try await pool.recognizePage(at: url, options: options)
                result = ImageResult(
                    file: path, ok: true, width: page.width, height: page.height, seconds: page.seconds,
                    text: page.text, lines: page.lines)
            } catch let error as TextRecognitionError {
                result.error = "\(path): \(error.description)"
            } catch {
                result.error = "\(error)"
            }
            if let error = result.error {
                failed = true
                if !json { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
            }
            if json {
                print(String(decoding: try encoder.encode(result), as: UTF8.self))
            } else if let text = result.text {
                if index > 0 { print("\u{0C}") }
                print(text)
            }
        }
        await pool.shutdown()
        if failed { throw ExitCode(1) }
    }
}
