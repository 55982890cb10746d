import Foundation
import Reading
import Scanning
import UmbrellaAPI
import UmbrellaStorage
import Vapor

/// Scan jobs as JSON: upload photos, follow their progress, correct, retry or retake a page.
struct ScansAPIController: RouteCollection {
    /// The largest scan upload: every photo at the per-image limit would not fit, but a phone's
    /// photos of a chapter do.
    static let maximumBodyBytes = 200 * 1_048_576

    func boot(routes: any RoutesBuilder) throws {
        let body = HTTPBodyStreamStrategy.collect(maxSize: ByteCount(value: Self.maximumBodyBytes))
        routes.get(APIRoute.scans.pathComponents, use: list)
        routes.on(.POST, APIRoute.scans.pathComponents, body: body, use: create)
        routes.get(APIRoute.scan.pathComponents, use: show)
        routes.delete(APIRoute.scan.pathComponents, use: delete)
        routes.put(APIRoute.scanPage.pathComponents, use: correct)
        routes.post(APIRoute.scanPageRetry.pathComponents, use: retry)
        routes.get(APIRoute.scanPageImage.pathComponents, use: image)
        routes.on(
            .PUT, APIRoute.scanPageImage.pathComponents,
            body: .collect(maxSize: ByteCount(value: ImageLimits.standard.maximumBytes + 65_536)), use: retake)
    }

    @Sendable func list(req: Request) async throws -> [ScanJobDTO] {
        try await req.scanJobs.jobs(of: req.userID).map(ScanJobDTO.init)
    }

    @Sendable func create(req: Request) async throws -> Response {
        let job = try await Self.submit(req)
        let response = try await ScanJobDTO(job).encodeResponse(status: .accepted, for: req)
        response.headers.replaceOrAdd(name: .location, value: "/api/v1/scans/\(job.id.uuidString)")
        return response
    }

    @Sendable func show(req: Request) async throws -> ScanJobDTO {
        ScanJobDTO(
            try await req.scanJobs.job(try req.uuidParameter("jobID", missing: ScanError.jobNotFound), of: req.userID))
    }

    @Sendable func delete(req: Request) async throws -> HTTPStatus {
        let jobID = try req.uuidParameter("jobID", missing: ScanError.jobNotFound)
        let job = try await req.scanJobs.job(jobID, of: req.userID)
        guard !job.isProcessing else { throw ScanError.pageBusy }
        try await req.serialized { try await req.scanJobs.delete(jobID, of: req.userID) }
        // The book keeps its text; the photos of a job that never became a book go with it.
        if job.bookID == nil {
            try? FileManager.default.removeItem(
                at: req.application.scanImageDirectory.appendingPathComponent(jobID.uuidString))
        }
        return .noContent
    }

    @Sendable func correct(req: Request) async throws -> ScanJobDTO {
        let body = try req.content.decode(PageCorrectionRequest.self)
        let job = try await req.application.scanProcessor.correct(
            body.text, page: try req.uuidParameter("pageID", missing: ScanError.pageNotFound),
            of: try req.uuidParameter("jobID", missing: ScanError.jobNotFound), userID: req.userID)
        return ScanJobDTO(job)
    }

    @Sendable func retry(req: Request) async throws -> Response {
        let job = try await req.application.scanProcessor.retry(
            try req.uuidParameter("pageID", missing: ScanError.pageNotFound),
            of: try req.uuidParameter("jobID", missing: ScanError.jobNotFound), userID: req.userID)
        return try await ScanJobDTO(job).encodeResponse(status: .accepted, for: req)
    }

    struct RetakeForm: Content {
        var image: File?
    }

    @Sendable func retake(req: Request) async throws -> Response {
        let jobID = try req.uuidParameter("jobID", missing: ScanError.jobNotFound)
        let pageID = try req.uuidParameter("pageID", missing: ScanError.pageNotFound)
        let job = try await req.scanJobs.job(jobID, of: req.userID)
        guard let page = job.pages.first(where: { $0.id == pageID }) else { throw ScanError.pageNotFound }
        guard page.status == .done || page.status == .failed else { throw ScanError.pageBusy }
        let file = try Self.decodeForm(RetakeForm.self, req).image
        guard let file, file.data.readableBytes > 0 else { throw ScanUploadError.noImage }
        let data = Data(buffer: file.data)
        let header = try Self.checkedHeader(data, fileName: file.filename)
        let store = ScanImageStore(directory: req.application.scanImageDirectory)
        let path = try store.save(
            data, format: header.format, jobID: jobID, name: "\(pageID.uuidString)-\(UUID().uuidString.prefix(8))")
        do {
            let updated = try await req.application.scanProcessor.retry(
                pageID, of: jobID, userID: req.userID, newImage: (path, header.format))
            store.remove(page.imagePath)
            return try await ScanJobDTO(updated).encodeResponse(status: .accepted, for: req)
        } catch {
            store.remove(path)
            throw error
        }
    }

    @Sendable func image(req: Request) async throws -> Response {
        let jobID = try req.uuidParameter("jobID", missing: ScanError.jobNotFound)
        let pageID = try req.uuidParameter("pageID", missing: ScanError.pageNotFound)
        let job = try await req.scanJobs.job(jobID, of: req.userID)
        guard let page = job.pages.first(where: { $0.id == pageID }) else { throw ScanError.pageNotFound }
        let url = ScanImageStore(directory: req.application.scanImageDirectory).url(of: page.imagePath)
        guard let url, let data = FileManager.default.contents(atPath: url.path) else {
            throw Abort(.notFound, reason: "The photo of this page is no longer stored.")
        }
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: page.format.mimeType)
        headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=86400")
        return Response(status: .ok, headers: headers, body: .init(data: data))
    }

    struct ScanForm: Content {
        var title: String?
        var author: String?
        var images: [File]?
        var image: File?
        var rotations: String?
    }

    /// Checks every photo's header, stores them, and submits the job: all or nothing.
    static func submit(_ req: Request) async throws -> ScanJob {
        let form = try decodeForm(ScanForm.self, req)
        let files = ((form.images ?? []) + (form.image.map { [$0] } ?? [])).filter {
            $0.data.readableBytes > 0 || !$0.filename.isEmpty
        }
        guard !files.isEmpty else { throw ScanError.noPages }
        guard files.count <= ScanRules.maximumPages else { throw ScanError.tooManyPages(limit: ScanRules.maximumPages) }
        let rotations = try parseRotations(form.rotations, count: files.count)
        let title = try BookRules.validatedTitle(
            (form.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? "Scanned pages" : form.title ?? "")
        let author = try BookRules.validatedAuthor(form.author)
        var checked: [(Data, ImageHeader)] = []
        for file in files {
            let data = Data(buffer: file.data)
            checked.append((data, try checkedHeader(data, fileName: file.filename)))
        }
        let jobID = UUID()
        let store = ScanImageStore(directory: req.application.scanImageDirectory)
        var pages: [ScanPage] = []
        do {
            for (index, (data, header)) in checked.enumerated() {
                let pageID = UUID()
                let path = try store.save(data, format: header.format, jobID: jobID, name: pageID.uuidString)
                pages.append(
                    ScanPage(
                        id: pageID, position: index, imagePath: path, format: header.format, rotation: rotations[index])
                )
            }
            return try await req.application.scanProcessor.submit(
                ScanJobDraft(title: title, author: author, pages: pages), for: req.userID)
        } catch {
            store.removeJob(jobID)
            throw error
        }
    }

    static func decodeForm<T: Content>(_ type: T.Type, _ req: Request) throws -> T {
        guard let contentType = req.headers.contentType, contentType.type.lowercased() == "multipart" else {
            throw ScanUploadError.notMultipart
        }
        guard !req.hasMalformedMultipartBody else { throw ScanUploadError.malformed }
        do {
            return try req.content.decode(T.self)
        } catch {
            throw ScanUploadError.malformed
        }
    }

    static func checkedHeader(_ data: Data, fileName: String) throws -> ImageHeader {
        do {
            return try ImageHeader.inspect(data)
        } catch {
            throw ScanError.badImage(fileName: BookImporter.baseName(of: fileName), reason: error)
        }
    }

    static func parseRotations(_ text: String?, count: Int) throws -> [QuarterTurn] {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            return Array(repeating: .none, count: count)
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else {
            throw UploadError.invalidQuery("rotations must list one angle per photo (\(count)), e.g. 0,90,0.")
        }
        return try parts.map { part in
            guard let degrees = Int(part.trimmingCharacters(in: .whitespaces)), let turn = QuarterTurn(degrees: degrees)
            else { throw UploadError.invalidQuery("Each rotation must be 0, 90, 180 or 270 degrees.") }
            return turn
        }
    }
}

/// Problems with a scan or serial upload's form.
enum ScanUploadError: Error, CustomStringConvertible {
    case notMultipart
    case malformed
    case noImage

    var description: String {
        switch self {
        case .notMultipart: "Send the photos as multipart/form-data."
        case .malformed: "The upload could not be read. Send a multipart form with the photos as images[]."
        case .noImage: "Choose a photo (JPEG, PNG or WebP)."
        }
    }
}

/// Photos of scan jobs on disk: `scans/{jobID}/{name}.{ext}` under the data directory, written
/// atomically. Paths in the database are relative, and only ones under `scans/` resolve.
struct ScanImageStore {
    let directory: URL

    /// Writes a photo and returns its path relative to the data directory.
    func save(_ data: Data, format: ImageFormat, jobID: UUID, name: String) throws -> String {
        let folder = directory.appendingPathComponent(jobID.uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = "\(name).\(format.fileExtension)"
        try data.write(to: folder.appendingPathComponent(file), options: .atomic)
        return "scans/\(jobID.uuidString)/\(file)"
    }

    /// The file of a stored relative path, or nil for anything outside the store.
    func url(of path: String) -> URL? {
        let parts = path.split(separator: "/")
        guard parts.count == 3, parts[0] == "scans", UUID(uuidString: String(parts[1])) != nil,
            parts[2].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }), !parts[2].hasPrefix(".")
        else { return nil }
        return directory.appendingPathComponent(String(parts[1])).appendingPathComponent(String(parts[2]))
    }

    /// Deletes one stored photo.
    func remove(_ path: String) {
        if let url = url(of: path) { try? FileManager.default.removeItem(at: url) }
    }

    /// Deletes a job's folder.
    func removeJob(_ jobID: UUID) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(jobID.uuidString))
    }
}

extension Request {
    /// The scan jobs of the database.
    var scanJobs: any ScanJobRepository { FluentScanJobRepository(database: database) }

    /// A UUID path parameter; a malformed one is the `missing` error (the thing does not exist).
    func uuidParameter(_ name: String, missing: any Error) throws -> UUID {
        guard let text = parameters.get(name), let id = UUID(uuidString: text) else { throw missing }
        return id
    }
}
