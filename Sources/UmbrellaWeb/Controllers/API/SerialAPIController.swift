import Foundation
import OCRWorker
import Scanning
import Serials
import UmbrellaAPI
import UmbrellaStorage
import Vapor

/// Seed 002's serial-number backend: `POST /process-serial`, `GET /params`, and the scan history
/// under `/api/v1/serial-scans`. (`GET /health` is in ``OpenAPIController``.)
struct SerialAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(
            .POST, APIRoute.processSerial.pathComponents,
            body: .collect(maxSize: ByteCount(value: ImageLimits.standard.maximumBytes + 65_536)), use: process)
        routes.get(APIRoute.params.pathComponents, use: params)
        routes.get(APIRoute.serialScans.pathComponents, use: history)
        routes.get(APIRoute.serialScansExport.pathComponents, use: export)
        routes.delete(APIRoute.serialScan.pathComponents, use: delete)
    }

    struct SerialForm: Content {
        var image: File?
        var preset: String?
        var deviceType: String?
        var roi: String?
        var rotation: String?

        enum CodingKeys: String, CodingKey {
            case image, preset, roi, rotation
            case deviceType = "device_type"
        }
    }

    struct SerialQuery: Content {
        var preset: String?
        var deviceType: String?
        var roi: String?
        var rotation: String?

        enum CodingKeys: String, CodingKey {
            case preset, roi, rotation
            case deviceType = "device_type"
        }
    }

    @Sendable func process(req: Request) async throws -> Response {
        let form = try ScansAPIController.decodeForm(SerialForm.self, req)
        let query = (try? req.query.decode(SerialQuery.self)) ?? SerialQuery()
        let options = try SerialScanOptions(
            preset: form.preset ?? query.preset, deviceType: form.deviceType ?? query.deviceType,
            roi: form.roi ?? query.roi, rotation: form.rotation ?? query.rotation)
        guard let file = form.image, file.data.readableBytes > 0 else { throw ScanUploadError.noImage }
        let response = try await SerialScanning.scan(
            Data(buffer: file.data), fileName: file.filename, options: options, req: req)
        return try await response.encodeResponse(status: .ok, for: req)
    }

    struct PresetDTO: Content {
        var description: String
        var parameters: JSONValue?
    }

    struct DeviceTypeDTO: Content {
        var name: String
        var preset: String
        var roiAspectRatio: Double

        enum CodingKeys: String, CodingKey {
            case name, preset
            case roiAspectRatio = "roi_aspect_ratio"
        }
    }

    struct ParamsDTO: Content {
        var presets: [String: PresetDTO]
        var deviceTypes: [DeviceTypeDTO]
        var ocrAvailable: Bool
        var ocrMessage: String?

        enum CodingKeys: String, CodingKey {
            case presets
            case deviceTypes = "device_types"
            case ocrAvailable = "ocr_available"
            case ocrMessage = "ocr_message"
        }
    }

    @Sendable func params(req: Request) async throws -> ParamsDTO {
        var info: OCREngineInfo?
        var message: String?
        do {
            info = try await req.application.ocr.engineInfo()
        } catch {
            message = error.description
        }
        var presets: [String: PresetDTO] = [:]
        for preset in SerialPreset.allCases {
            presets[preset.rawValue] = PresetDTO(
                description: preset.summary, parameters: info?.serialPresets[preset.rawValue])
        }
        let devices = DeviceType.allCases.map {
            DeviceTypeDTO(name: $0.rawValue, preset: $0.preset.rawValue, roiAspectRatio: $0.defaultROIAspectRatio)
        }
        return ParamsDTO(presets: presets, deviceTypes: devices, ocrAvailable: info != nil, ocrMessage: message)
    }

    struct HistoryEntryDTO: Content {
        var id: UUID
        var scannedAt: Date
        var deviceType: String
        var preset: String
        var serial: String?
        var valid: Bool
        var format: String?
        var confidence: Double?

        enum CodingKeys: String, CodingKey {
            case id, preset, serial, valid, format, confidence
            case scannedAt = "scanned_at"
            case deviceType = "device_type"
        }

        init(_ record: SerialScanRecord) {
            id = record.id
            scannedAt = record.scannedAt
            deviceType = record.deviceType
            preset = record.preset
            serial = record.serial
            valid = record.isValid
            format = record.format
            confidence = record.confidence
        }
    }

    @Sendable func history(req: Request) async throws -> [HistoryEntryDTO] {
        try await req.serialScans.scans(of: req.userID, limit: SerialScanning.historyLimit).map(HistoryEntryDTO.init)
    }

    @Sendable func export(req: Request) async throws -> Response {
        let records = try await req.serialScans.scans(of: req.userID, limit: SerialScanning.historyLimit)
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/csv; charset=utf-8")
        headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"serial-scans.csv\"")
        return Response(status: .ok, headers: headers, body: .init(string: SerialHistoryCSV.render(records)))
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        guard let text = req.parameters.get("scanID"), let id = UUID(uuidString: text),
            try await req.serialized({ try await req.serialScans.delete(id, of: req.userID) })
        else { throw Abort(.notFound, reason: "That scan is not in your history.") }
        return .noContent
    }
}

/// The options of one serial scan, from the form or the query.
struct SerialScanOptions: Sendable {
    var preset: SerialPreset
    var deviceType: DeviceType?
    var region: RegionOfInterest?
    var rotation: QuarterTurn

    init(preset: String?, deviceType: String?, roi: String?, rotation: String?) throws {
        let device = try deviceType.flatMap { name -> DeviceType? in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            guard let device = DeviceType(parsing: trimmed) else {
                let names = DeviceType.allCases.map(\.rawValue).joined(separator: ", ")
                throw UploadError.invalidQuery("device_type must be one of \(names).")
            }
            return device
        }
        if let name = preset?.trimmingCharacters(in: .whitespaces).lowercased(), !name.isEmpty {
            guard let preset = SerialPreset(rawValue: name) else {
                throw UploadError.invalidQuery("preset must be etched, screen or sticker.")
            }
            self.preset = preset
        } else {
            self.preset = device?.preset ?? .sticker
        }
        self.deviceType = device
        if let roi, !roi.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let region = RegionOfInterest(parsing: roi) else {
                throw UploadError.invalidQuery(
                    "roi must be x,y,width,height as fractions from 0 to 1, e.g. 0.1,0.4,0.8,0.1.")
            }
            self.region = region
        }
        if let rotation, !rotation.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let degrees = Int(rotation), let turn = QuarterTurn(degrees: degrees) else {
                throw UploadError.invalidQuery("rotation must be 0, 90, 180 or 270.")
            }
            self.rotation = turn
        } else {
            self.rotation = .none
        }
    }
}

/// Runs one serial scan for a request: checks the photo, reads it, picks the serial, keeps it in
/// the history.
enum SerialScanning {
    /// How many scans the history keeps on screen and in the CSV.
    static let historyLimit = 1000

    static func scan(
        _ data: Data, fileName: String, options: SerialScanOptions, req: Request
    ) async throws
        -> SerialScanResponseDTO
    {
        let header = try ScansAPIController.checkedHeader(data, fileName: fileName)
        let folder = req.application.umbrellaConfiguration.dataDirectory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("serial-\(UUID().uuidString).\(header.format.fileExtension)")
        try data.write(to: file, options: .atomic)
        defer { try? FileManager.default.removeItem(at: file) }
        let pool = req.application.ocr
        let reading = try await pool.readSerialText(
            at: file, preset: options.preset.rawValue, region: options.region, rotation: options.rotation)
        let info = try? await pool.engineInfo()
        let lines = reading.lines.map { line in
            RecognizedSerialLine(
                text: line.text, confidence: line.confidence,
                characters: line.alternatives.map {
                    $0.map { Serials.CharacterAlternative($0.character, $0.probability) }
                },
                box: line.box.map { [$0.x, $0.y] })
        }
        let candidates = SerialReader(deviceType: options.deviceType, preset: options.preset).candidates(in: lines)
        let scanID = UUID()
        let response = SerialScanResponseDTO(
            candidates: candidates, deviceType: options.deviceType?.rawValue, preset: options.preset.rawValue,
            roi: options.region.map { [$0.x, $0.y, $0.width, $0.height] },
            engine: info.map { "\($0.engine) \($0.engineVersion)" } ?? "rapidocr", processingSeconds: reading.seconds,
            scanID: scanID)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let record = SerialScanRecord(
            id: scanID, scannedAt: req.now, deviceType: options.deviceType?.rawValue ?? "",
            preset: options.preset.rawValue, serial: response.serial ?? candidates.first?.serial,
            isValid: response.valid, format: response.valid ? candidates.first { $0.isValid }?.format?.rawValue : nil,
            confidence: response.confidence, responseJSON: String(decoding: try encoder.encode(response), as: UTF8.self)
        )
        try await req.serialized { try await req.serialScans.add(record, for: req.userID) }
        return response
    }
}

/// The serial history as CSV: RFC 4180, a BOM for spreadsheets, CRLF, formula cells neutralised.
enum SerialHistoryCSV {
    static func render(_ records: [SerialScanRecord]) -> String {
        let formatter = ISO8601DateFormatter()
        var rows = [["scanned_at", "device_type", "preset", "serial", "valid", "format", "confidence"]]
        for record in records {
            rows.append([
                formatter.string(from: record.scannedAt), record.deviceType, record.preset, record.serial ?? "",
                record.isValid ? "yes" : "no", record.format ?? "",
                record.confidence.map { String(format: "%.3f", $0) } ?? "",
            ])
        }
        return "\u{FEFF}" + rows.map { $0.map(cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func cell(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { ",\"\r\n".contains($0) }) || value != value.trimmingCharacters(in: .whitespaces)
        else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension Request {
    /// The serial scan history of the database.
    var serialScans: any SerialScanHistoryRepository { FluentSerialScanHistoryRepository(database: database) }
}
