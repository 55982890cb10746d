import ArgumentParser
import Foundation
import OCRWorker
import Scanning
import Serials
import UmbrellaAPI

struct SerialCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serial",
        abstract: "Read an Apple serial number from a photo (engraved, on a screen, or on a label).",
        discussion: """
            Prints the best serial with its format and decoded fields (plant, year, week, model code),
            then the other candidates. --json prints the same answer as POST /process-serial. Exits 1 if
            no valid serial was found.
            """
    )

    @Argument(help: "The photo (JPEG, PNG or WebP).", completion: .file())
    var image: String

    @Option(help: "MacBook, iMac, Mac Mini, iPhone, iPad, Apple Watch or Accessory (sets the preset).")
    var deviceType: String?

    @Option(help: "etched, screen or sticker (default: the device type's).")
    var preset: String?

    @Option(help: "Only read this region: x,y,width,height as fractions of the image.")
    var roi: String?

    @Flag(help: "Print the answer as JSON.")
    var json = false

    func validate() throws {
        if let deviceType, DeviceType(parsing: deviceType) == nil {
            throw ValidationError(
                "--device-type must be one of: \(DeviceType.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if let preset, SerialPreset(rawValue: preset.lowercased()) == nil {
            throw ValidationError("--preset must be etched, screen or sticker.")
        }
        if let roi, RegionOfInterest(parsing: roi) == nil {
            throw ValidationError("--roi must be x,y,width,height as fractions from 0 to 1.")
        }
    }

    func run() async throws {
        let device = deviceType.flatMap(DeviceType.init(parsing:))
        let chosen = preset.flatMap { SerialPreset(rawValue: $0.lowercased()) } ?? device?.preset ?? .sticker
        let url = URL(fileURLWithPath: image)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ValidationError("\(image): no such file, or it cannot be read.")
        }
        do {
            _ = try ImageHeader.inspect(data)
        } catch {
            throw ValidationError("\(image): \(error.description)")
        }
        let pool = OCRWorkerPool(
            configuration: .fromEnvironment(
                ProcessInfo.processInfo.environment, searchRoots: OCRWorkerConfiguration.defaultSearchRoots()))
        let region = roi.flatMap(RegionOfInterest.init(parsing:))
        let reading: SerialTextReading
        do {
            reading = try await pool.readSerialText(at: url, preset: chosen.rawValue, region: region)
        } catch {
            await pool.shutdown()
            FileHandle.standardError.write(Data("error: \(image): \(error.description)\n".utf8))
            throw ExitCode(1)
        }
        let info = try? await pool.engineInfo()
        await pool.shutdown()
        let lines = reading.lines.map { line in
            RecognizedSerialLine(
                text: line.text, confidence: line.confidence,
                characters: line.alternatives.map {
                    $0.map { Serials.CharacterAlternative($0.character, $0.probability) }
                },
                box: line.box.map { [$0.x, $0.y] })
        }
        let candidates = SerialReader(deviceType: device, preset: chosen).candidates(in: lines)
        let response = SerialScanResponseDTO(
            candidates: candidates, deviceType: device?.rawValue, preset: chosen.rawValue,
            roi: region.map { [$0.x, $0.y, $0.width, $0.height] },
            engine: info.map { "\($0.engine) \($0.engineVersion)" } ?? "rapidocr", processingSeconds: reading.seconds,
            scanID: UUID())
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(response), as: UTF8.self))
        } else {
            if let best = response.candidates.first(where: \.valid) {
                print(describe(best))
            } else {
                print(response.message ?? "No valid serial number was found.")
            }
            for other in response.candidates where other.serial != response.serial {
                print(
                    "  also: \(other.serial)\(other.valid ? "" : " (invalid: \(other.issues.joined(separator: "; ")))")"
                )
            }
        }
        if !response.valid { throw ExitCode(1) }
    }

    private func describe(_ candidate: SerialCandidateDTO) -> String {
        var parts = ["\(candidate.serial)  \(candidate.format ?? "")  confidence \(candidate.confidence)"]
        if let fields = candidate.fields {
            let year = fields.year.map(String.init) ?? fields.years.map(String.init).joined(separator: " or ")
            parts.append(
                "plant \(fields.plant)\(fields.plantLocation.map { " (\($0))" } ?? ""), \(year), week \(fields.week), "
                    + "model code \(fields.modelCode)")
        }
        parts.append(contentsOf: candidate.warnings.map { "note: \($0)" })
        return parts.joined(separator: "\n")
    }
}
