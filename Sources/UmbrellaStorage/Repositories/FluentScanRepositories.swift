public import FluentKit
import Foundation
import Reading
public import Scanning

/// Scan jobs and their pages in a Fluent database.
public struct FluentScanJobRepository: ScanJobRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``ScanJobRepository/create(_:for:at:)``.
    public func create(_ draft: ScanJobDraft, for userID: UUID, at date: Date) async throws -> ScanJob {
        let job = ScanJobModel()
        job.id = UUID()
        job.userID = userID
        job.title = try BookRules.validatedTitle(draft.title)
        job.author = try BookRules.validatedAuthor(draft.author)
        job.createdAt = date
        job.updatedAt = date
        let jobID = try job.requireID()
        let pages = try draft.pages.enumerated().map { index, page in
            var page = page
            page.position = index
            page.status = .queued
            return try Self.model(page, jobID: jobID)
        }
        try await database.transaction { transaction in
            try await job.create(on: transaction)
            try await pages.create(on: transaction)
        }
        return try Self.domain(job, pages: pages)
    }

    /// See ``ScanJobRepository/job(_:of:)``.
    public func job(_ jobID: UUID, of userID: UUID) async throws -> ScanJob {
        guard
            let job = try await ScanJobModel.query(on: database)
                .filter(\.$id == jobID).filter(\.$userID == userID).first()
        else { throw ScanError.jobNotFound }
        let pages = try await ScanPageModel.query(on: database).filter(\.$jobID == jobID).sort(\.$position).all()
        return try Self.domain(job, pages: pages)
    }

    /// See ``ScanJobRepository/jobs(of:)``.
    public func jobs(of userID: UUID) async throws -> [ScanJob] {
        let jobs = try await ScanJobModel.query(on: database)
            .filter(\.$userID == userID).sort(\.$createdAt, .descending).all()
        return try await withJobPages(jobs)
    }

    /// See ``ScanJobRepository/unfinishedJobs()``.
    public func unfinishedJobs() async throws -> [ScanJob] {
        let open = try await ScanPageModel.query(on: database)
            .filter(\.$status ~~ [ScanPageStatus.queued.rawValue, ScanPageStatus.processing.rawValue])
            .all(\.$jobID)
        guard !open.isEmpty else { return [] }
        let jobs = try await ScanJobModel.query(on: database)
            .filter(\.$id ~~ Array(Set(open))).sort(\.$createdAt).all()
        return try await withJobPages(jobs)
    }

    /// See ``ScanJobRepository/update(_:of:at:)``.
    public func update(_ page: ScanPage, of jobID: UUID, at date: Date) async throws {
        guard
            let stored = try await ScanPageModel.query(on: database)
                .filter(\.$id == page.id).filter(\.$jobID == jobID).first(),
            let job = try await ScanJobModel.find(jobID, on: database)
        else { throw ScanError.pageNotFound }
        let updated = try Self.model(page, jobID: jobID)
        stored.imagePath = updated.imagePath
        stored.format = updated.format
        stored.rotation = updated.rotation
        stored.status = updated.status
        stored.text = updated.text
        stored.lines = updated.lines
        stored.errorMessage = updated.errorMessage
        stored.attempts = updated.attempts
        stored.isCorrected = updated.isCorrected
        job.updatedAt = date
        try await database.transaction { transaction in
            try await stored.save(on: transaction)
            try await job.save(on: transaction)
        }
    }

    /// See ``ScanJobRepository/setBook(_:of:at:)``.
    public func setBook(_ bookID: UUID?, of jobID: UUID, at date: Date) async throws {
        guard let job = try await ScanJobModel.find(jobID, on: database) else { throw ScanError.jobNotFound }
        job.bookID = bookID
        job.updatedAt = date
        try await job.save(on: database)
    }

    /// See ``ScanJobRepository/delete(_:of:)``.
    public func delete(_ jobID: UUID, of userID: UUID) async throws {
        guard
            let job = try await ScanJobModel.query(on: database)
                .filter(\.$id == jobID).filter(\.$userID == userID).first()
        else { throw ScanError.jobNotFound }
        try await database.transaction { transaction in
            try await ScanPageModel.query(on: transaction).filter(\.$jobID == jobID).delete()
            try await job.delete(on: transaction)
        }
    }

    private func withJobPages(_ jobs: [ScanJobModel]) async throws -> [ScanJob] {
        let ids = try jobs.map { try $0.requireID() }
        guard !ids.isEmpty else { return [] }
        let pages = try await ScanPageModel.query(on: database).filter(\.$jobID ~~ ids).sort(\.$position).all()
        let byJob = Dictionary(grouping: pages, by: \.jobID)
        return try jobs.map { try Self.domain($0, pages: byJob[try $0.requireID()] ?? []) }
    }

    private static func model(_ page: ScanPage, jobID: UUID) throws -> ScanPageModel {
        let model = ScanPageModel()
        model.id = page.id
        model.jobID = jobID
        model.position = page.position
        model.imagePath = page.imagePath
        model.format = page.format.rawValue
        model.rotation = page.rotation.rawValue
        model.status = page.status.rawValue
        model.text = page.text
        model.lines = String(decoding: try JSONEncoder().encode(page.lines), as: UTF8.self)
        model.errorMessage = page.errorMessage
        model.attempts = page.attempts
        model.isCorrected = page.isCorrected
        return model
    }

    private static func domain(_ job: ScanJobModel, pages: [ScanPageModel]) throws -> ScanJob {
        let decoder = JSONDecoder()
        let scanPages = try pages.map { model in
            ScanPage(
                id: try model.requireID(), position: model.position, imagePath: model.imagePath,
                format: ImageFormat(rawValue: model.format) ?? .jpeg,
                rotation: QuarterTurn(rawValue: model.rotation) ?? .none,
                status: ScanPageStatus(rawValue: model.status) ?? .failed, text: model.text,
                lines: (try? decoder.decode([RecognizedLineConfidence].self, from: Data(model.lines.utf8))) ?? [],
                errorMessage: model.errorMessage, attempts: model.attempts, isCorrected: model.isCorrected)
        }
        return ScanJob(
            id: try job.requireID(), ownerID: job.userID, title: job.title, author: job.author,
            createdAt: job.createdAt, updatedAt: job.updatedAt, pages: scanPages, bookID: job.bookID)
    }
}

/// Serial scans in a Fluent database.
public struct FluentSerialScanHistoryRepository: SerialScanHistoryRepository {
    private let database: any Database

    /// Creates a repository over `database`.
    public init(database: any Database) {
        self.database = database
    }

    /// See ``SerialScanHistoryRepository/add(_:for:)``.
    public func add(_ record: SerialScanRecord, for userID: UUID) async throws {
        let model = SerialScanModel()
        model.id = record.id
        model.userID = userID
        model.scannedAt = record.scannedAt
        model.deviceType = record.deviceType
        model.preset = record.preset
        model.serial = record.serial
        model.isValid = record.isValid
        model.format = record.format
        model.confidence = record.confidence
        model.response = record.responseJSON
        try await model.create(on: database)
    }

    /// See ``SerialScanHistoryRepository/scans(of:limit:)``.
    public func scans(of userID: UUID, limit: Int) async throws -> [SerialScanRecord] {
        try await SerialScanModel.query(on: database)
            .filter(\.$userID == userID)
            .sort(\.$scannedAt, .descending)
            .limit(limit)
            .all()
            .map { model in
                SerialScanRecord(
                    id: try model.requireID(), scannedAt: model.scannedAt, deviceType: model.deviceType,
                    preset: model.preset, serial: model.serial, isValid: model.isValid, format: model.format,
                    confidence: model.confidence, responseJSON: model.response)
            }
    }

    /// See ``SerialScanHistoryRepository/delete(_:of:)``.
    public func delete(_ scanID: UUID, of userID: UUID) async throws -> Bool {
        guard
            let model = try await SerialScanModel.query(on: database)
                .filter(\.$id == scanID).filter(\.$userID == userID).first()
        else { return false }
        try await model.delete(on: database)
        return true
    }
}
