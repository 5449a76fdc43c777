import PapersImaging
import PapersSynthesis

extension SyntheticPhotoTruth {
    /// Whether a person could read the photo (the rule of `eval mrz` and `eval barcode`): not
    /// heavily blurred, the document inside the frame, exposure within 0.6–1.4 of normal, no glare
    /// spot saturating MRZ characters or part of the barcode.
    var isReadableByPerson: Bool {
        !heavyBlur && documentInFrame && exposureGain >= 0.6 && exposureGain <= 1.4
            && mrzObscuredByGlare != true && barcodeObscuredByGlare != true
    }
}
