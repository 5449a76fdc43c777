import Foundation
import PapersRecognition

/// Where dlib's face model files are: the shape predictors
/// (`shape_predictor_5_face_landmarks.dat`, `shape_predictor_68_face_landmarks.dat`) and the
/// descriptor network (`dlib_face_recognition_resnet_model_v1.dat`), as the PyPI package
/// `face-recognition-models` and Debian's `libdlib-data` ship them.
public struct DlibFaceModels: Sendable, Hashable {
    /// The environment variable naming the model directory: `PAPERS_FACE_MODELS`.
    public static let environmentVariable = "PAPERS_FACE_MODELS"

    /// The file of the 5-point shape predictor.
    public static let fivePointPredictor = "shape_predictor_5_face_landmarks.dat"
    /// The file of the 68-point shape predictor.
    public static let sixtyEightPointPredictor = "shape_predictor_68_face_landmarks.dat"
    /// The file of the ResNet descriptor network.
    public static let descriptorNetwork = "dlib_face_recognition_resnet_model_v1.dat"

    /// The directories searched, in order, for each file.
    public var directories: [String]

    /// The models in one directory, and nowhere else.
    public init(directory: String) {
        directories = [directory]
    }

    /// The directories searched by default: the one `PAPERS_FACE_MODELS` names when it is set
    /// (then only it), otherwise `~/.local/share/papers/face-models` (where
    /// `scripts/face-models` links them), `/usr/local/share/papers/face-models` and
    /// `/usr/share/dlib` (Debian's `libdlib-data`, which has the 68-point predictor).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> DlibFaceModels {
        if let directory = environment[environmentVariable], !directory.isEmpty {
            return DlibFaceModels(directory: directory)
        }
        var models = DlibFaceModels(directory: "/usr/local/share/papers/face-models")
        if let home = environment["HOME"], !home.isEmpty {
            models.directories.insert(home + "/.local/share/papers/face-models", at: 0)
        }
        models.directories.append("/usr/share/dlib")
        return models
    }

    /// The path of `file` in the first directory that has it.
    ///
    /// - Throws: ``RecognitionError/Code/modelMissing`` naming the file and the directories searched.
    public func path(of file: String) throws(RecognitionError) -> String {
        for directory in directories {
            let path = (directory as NSString).appendingPathComponent(file)
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        throw RecognitionError(code: .modelMissing, detail: "\(file) is in none of \(directories.joined(separator: ", ")) "
            + "(set \(Self.environmentVariable) to the directory of dlib's face models)")
    }
}
