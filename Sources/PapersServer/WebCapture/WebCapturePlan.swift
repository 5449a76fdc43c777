import PapersCapture
import PapersCore
import PapersVerification

/// What a capture link offers: the countries and documents of the standard catalogue that the
/// verification's preselection allows, each with the parts to capture and their scan modes.
enum WebCapturePlan {
    /// The offer for `request`. A preselected country the catalogue does not list still gets the
    /// preselected document types, with the parts the catalogue gives those types elsewhere.
    static func countries(for request: VerificationRequest?, catalogue: DocumentCatalogue = .standard) -> [DocumentCatalogue.Country] {
        let country = request?.preselectedCountry
        let types = request?.preselectedDocumentTypes
        let offered = catalogue.offered(country: country, types: types)
        guard offered.isEmpty, let country else { return offered }
        var documents: [DocumentCatalogue.Document] = []
        for entry in catalogue.offered(country: nil, types: types) {
            for document in entry.documents where !documents.contains(where: { $0.type == document.type }) { documents.append(document) }
        }
        return documents.isEmpty ? [] : [DocumentCatalogue.Country(code: country, documents: documents)]
    }
}
