public import OCRWorker
public import Reading
public import UmbrellaAPI
public import Vapor

extension BookDTO: Content {}
extension PageDTO: Content {}
extension DeleteBookResponse: Content {}
extension LookupDTO: Content {}
extension ProficiencyDTO: Content {}
extension MarkDTO: Content {}
extension MarkBatchResponse: Content {}
extension SessionDTO: Content {}
extension ErrorDTO: Content {}
extension ReaderSettings: Content {}
extension StartSessionRequest: Content {}
extension SessionActivityRequest: Content {}
extension EndSessionRequest: Content {}
extension MarkRequest: Content {}
extension MarkBatchRequest: Content {}
extension PositionDTO: Content {}
extension CreateBookRequest: Content {}
extension ProficiencyHistoryDTO: Content {}
extension WordListDTO: Content {}
extension ProgressDTO: Content {}
extension PlacementPassageDTO: Content {}
extension PlacementAnswerRequest: Content {}
extension PlacementResultDTO: Content {}
extension ScanJobDTO: Content {}
extension SerialScanResponseDTO: Content {}
extension JSONValue: Content {}
extension PageCorrectionRequest: Content {}

extension Array where Element == String {
    /// Route segments (`":bookID"` becomes a parameter).
    var pathComponents: [PathComponent] { map { PathComponent(stringLiteral: $0) } }
}
