import Foundation
import Scanning
import Serials
import UmbrellaAPI
import Vapor

/// The scanning pages: `/scan` (photos to a book), `/scans/{id}` (its progress and corrections)
/// and `/serial` (the serial-number scanner), each working without JavaScript too.
struct ScanController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let body = HTTPBodyStreamStrategy.collect(maxSize: ByteCount(value: ScansAPIController.maximumBodyBytes))
        let photo = HTTPBodyStreamStrategy.collect(
            maxSize: ByteCount(value: ImageLimits.standard.maximumBytes + 65_536))
        routes.get("scan", use: newScan)
        routes.on(.POST, "scan", body: body, use: submit)
        routes.get("scans", ":jobID", use: show)
        routes.post("scans", ":jobID", "pages", ":pageID", "text", use: correct)
        routes.post("scans", ":jobID", "pages", ":pageID", "retry", use: retry)
        routes.on(.POST, "scans", ":jobID", "pages", ":pageID", "retake", body: photo, use: retake)
        routes.get("serial", use: serial)
        routes.on(.POST, "serial", body: photo, use: scanSerial)
        routes.post("serial", "history", ":scanID", "delete", use: deleteSerial)
    }

    @Sendable func newScan(req: Request) async throws -> Response {
        NewScanPage(
            settings: try await req.currentSettings(), assetVersion: req.application.assetVersion,
            jobs: try await req.scanJobs.jobs(of: req.userID)
        ).html.response()
    }

    @Sendable func submit(req: Request) async throws -> Response {
        do {
            let job = try await ScansAPIController.submit(req)
            return req.redirect(to: "/scans/\(job.id.uuidString)", redirectType: .normal)
        } catch {
            let mapped = ErrorResponder.map(error)
            guard mapped.status != .internalServerError else { throw error }
            let form = req.hasMalformedMultipartBody ? nil : try? req.content.decode(ScansAPIController.ScanForm.self)
            return NewScanPage(
                settings: try await req.currentSettings(), assetVersion: req.application.assetVersion,
                jobs: try await req.scanJobs.jobs(of: req.userID), error: mapped.reason, title: form?.title ?? "",
                author: form?.author ?? ""
            ).html.response(status: mapped.status)
        }
    }

    @Sendable func show(req: Request) async throws -> Response {
        let job = try await req.scanJobs.job(
            try req.uuidParameter("jobID", missing: ScanError.jobNotFound), of: req.userID)
        return ScanJobPage(
            job: job, settings: try await req.currentSettings(), assetVersion: req.application.assetVersion
        )
        .html.response()
    }

    struct CorrectionForm: Content {
        var text: String?
    }

    @Sendable func correct(req: Request) async throws -> Response {
        let jobID = try req.uuidParameter("jobID", missing: ScanError.jobNotFound)
        let pageID = try req.uuidParameter("pageID", missing: ScanError.pageNotFound)
        let text = (try? req.content.decode(CorrectionForm.self))?.text ?? ""
        return try await redisplayOnError(req, jobID: jobID) {
            _ = try await req.application.scanProcessor.correct(text, page: pageID, of: jobID, userID: req.userID)
            return req.redirect(to: "/scans/\(jobID.uuidString)#page-\(pageID.uuidString)", redirectType: .normal)
        }
    }

    @Sendable func retry(req: Request) async throws -> Response {
        let jobID = try req.uuidParameter("jobID", missing: ScanError.jobNotFound)
        let pageID = try req.uuidParameter("pageID", missing: ScanError.pageNotFound)
        return try await redisplayOnError(req, jobID: jobID) {
            _ = try await req.application.scanProcessor.retry(pageID, of: jobID, userID: req.userID)
            return req.redirect(to: "/scans/\(jobID.uuidString)", redirectType: .normal)
        }
    }

    @Sendable func retake(req: Request) async throws -> Response {
        let jobID = try req.uuidParameter("jobID", missing: ScanError.jobNotFound)
        return try await redisplayOnError(req, jobID: jobID) {
            _ = try await ScansAPIController().retake(req: req)
            return req.redirect(to: "/scans/\(jobID.uuidString)", redirectType: .normal)
        }
    }

    /// Runs a page action; a problem the user can fix shows the job page again with the message.
    private func redisplayOnError(
        _ req: Request, jobID: UUID, _ action: () async throws -> Response
    ) async throws
        -> Response
    {
        do {
            return try await action()
        } catch {
            let mapped = ErrorResponder.map(error)
            guard mapped.status != .internalServerError, mapped.code != "scanNotFound" else { throw error }
            let job = try await req.scanJobs.job(jobID, of: req.userID)
            return ScanJobPage(
                job: job, settings: try await req.currentSettings(), assetVersion: req.application.assetVersion,
                message: mapped.reason
            ).html.response(status: mapped.status)
        }
    }

    @Sendable func serial(req: Request) async throws -> Response {
        SerialPage(
            settings: try await req.currentSettings(), assetVersion: req.application.assetVersion,
            history: try await req.serialScans.scans(of: req.userID, limit: 50)
        ).html.response()
    }

    @Sendable func scanSerial(req: Request) async throws -> Response {
        var device = DeviceType.macBook
        do {
            let form = try ScansAPIController.decodeForm(SerialAPIController.SerialForm.self, req)
            let options = try SerialScanOptions(
                preset: form.preset, deviceType: form.deviceType, roi: form.roi, rotation: form.rotation)
            device = options.deviceType ?? device
            guard let file = form.image, file.data.readableBytes > 0 else { throw ScanUploadError.noImage }
            let result = try await SerialScanning.scan(
                Data(buffer: file.data), fileName: file.filename, options: options, req: req)
            return SerialPage(
                settings: try await req.currentSettings(), assetVersion: req.application.assetVersion,
                history: try await req.serialScans.scans(of: req.userID, limit: 50), deviceType: device, result: result
            ).html.response()
        } catch {
            let mapped = ErrorResponder.map(error)
            guard mapped.status != .internalServerError else { throw error }
            return SerialPage(
                settings: try await req.currentSettings(), assetVersion: req.application.assetVersion,
                history: try await req.serialScans.scans(of: req.userID, limit: 50), deviceType: device,
                error: mapped.reason
            ).html.response(status: mapped.status)
        }
    }

    @Sendable func deleteSerial(req: Request) async throws -> Response {
        if let text = req.parameters.get("scanID"), let id = UUID(uuidString: text) {
            _ = try await req.serialized { try await req.serialScans.delete(id, of: req.userID) }
        }
        return req.redirect(to: "/serial#serial-history", redirectType: .normal)
    }
}
