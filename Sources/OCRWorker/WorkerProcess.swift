import Foundation
import Synchronization

/// One running OCR worker: a Python process speaking the JSON-lines protocol of
/// `workers/ocr/PROTOCOL.md`. Requests are answered in order; the pool sends one at a time.
final class WorkerProcess: Sendable {
    private struct State {
        var buffer = Data()
        var lines: [Data] = []
        var waiting: CheckedContinuation<Data, any Error>?
        var exited = false
        var stderrTail: [String] = []
    }

    private let process: Process
    private let input: FileHandle
    private let state = Mutex(State())

    /// Starts the worker; throws if the executable cannot be launched.
    init(configuration: OCRWorkerConfiguration) throws {
        let process = Process()
        process.executableURL = configuration.python
        process.arguments = ["-u", configuration.script.path]
        var environment = ProcessInfo.processInfo.environment
        environment["UMBRELLA_OCR_THREADS"] = String(configuration.threadsPerWorker)
        environment["OMP_NUM_THREADS"] = String(configuration.threadsPerWorker)
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.environment = environment
        process.currentDirectoryURL = configuration.script.deletingLastPathComponent()
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        self.process = process
        self.input = stdin.fileHandleForWriting
        process.terminationHandler = { [weak self] _ in self?.deliverEnd() }
        try process.run()
        let output = stdout.fileHandleForReading
        let errors = stderr.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            while true {
                let chunk = output.availableData
                guard let self else { return }
                if chunk.isEmpty {
                    self.deliverEnd()
                    return
                }
                self.deliver(chunk)
            }
        }
        Thread.detachNewThread { [weak self] in
            while true {
                let chunk = errors.availableData
                guard !chunk.isEmpty, let self else { return }
                self.keepErrorOutput(chunk)
            }
        }
    }

    deinit {
        stop()
    }

    /// Whether the process is still running.
    var isRunning: Bool { process.isRunning && !state.withLock { $0.exited } }

    /// The last lines the worker wrote to stderr (why it failed to start, usually).
    var errorOutput: String { state.withLock { $0.stderrTail.joined(separator: "\n") } }

    /// The next line the worker writes, or an error after `timeout` (the worker is then killed).
    func nextLine(timeout: Duration) async throws -> Data {
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            self?.fail(WorkerProcessError.timedOut, onlyIfWaiting: true)
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let immediate: Result<Data, any Error>? = state.withLock { state in
                if !state.lines.isEmpty { return .success(state.lines.removeFirst()) }
                if state.exited { return .failure(WorkerProcessError.exited) }
                state.waiting = continuation
                return nil
            }
            if let immediate { continuation.resume(with: immediate) }
        }
    }

    /// Sends one request line.
    func send(_ line: Data) throws {
        guard isRunning else {
            state.withLock { $0.exited = true }
            throw WorkerProcessError.exited
        }
        do {
            try input.write(contentsOf: line + Data([0x0A]))
        } catch {
            state.withLock { $0.exited = true }
            stop()
            throw WorkerProcessError.exited
        }
    }

    /// Kills the worker.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        try? input.close()
    }

    private func deliver(_ chunk: Data) {
        let continuation: (CheckedContinuation<Data, any Error>, Data)? = state.withLock { state in
            state.buffer.append(chunk)
            while let newline = state.buffer.firstIndex(of: 0x0A) {
                let line = state.buffer[state.buffer.startIndex..<newline]
                state.buffer.removeSubrange(state.buffer.startIndex...newline)
                if !line.isEmpty { state.lines.append(Data(line)) }
            }
            guard let waiting = state.waiting, !state.lines.isEmpty else { return nil }
            state.waiting = nil
            return (waiting, state.lines.removeFirst())
        }
        if let (waiting, line) = continuation { waiting.resume(returning: line) }
    }

    private func deliverEnd() {
        fail(WorkerProcessError.exited)
    }

    private func fail(_ error: WorkerProcessError, onlyIfWaiting: Bool = false) {
        let waiting: CheckedContinuation<Data, any Error>?? = state.withLock { state in
            if onlyIfWaiting && state.waiting == nil { return .none }
            state.exited = true
            defer { state.waiting = nil }
            return state.waiting
        }
        guard case .some(let pending) = waiting else { return }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        pending?.resume(throwing: error)
    }

    private func keepErrorOutput(_ chunk: Data) {
        let text = String(decoding: chunk, as: UTF8.self)
        state.withLock { state in
            state.stderrTail.append(contentsOf: text.split(separator: "\n").map(String.init))
            if state.stderrTail.count > 20 { state.stderrTail.removeFirst(state.stderrTail.count - 20) }
        }
    }
}

/// How a worker process failed.
enum WorkerProcessError: Error {
    /// It did not answer in time and was killed.
    case timedOut
    /// It exited (or its pipes closed).
    case exited
}
