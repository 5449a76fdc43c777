/// The system fonts synthetic receipts and forms are printed in (Debian `fonts-dejavu-core` and
/// `fonts-dejavu-extra`).
public enum PrintFonts {
    /// The folder Debian installs DejaVu in.
    public static let folder = "/usr/share/fonts/truetype/dejavu"
    /// DejaVu Sans Mono: the tuning set's receipts (a thermal printer's monospaced face).
    public static let mono = folder + "/DejaVuSansMono.ttf"
    /// DejaVu Sans Mono Bold.
    public static let monoBold = folder + "/DejaVuSansMono-Bold.ttf"
    /// DejaVu Sans: the tuning set's W-2 forms.
    public static let sans = folder + "/DejaVuSans.ttf"
    /// DejaVu Sans Bold.
    public static let sansBold = folder + "/DejaVuSans-Bold.ttf"
    /// DejaVu Sans Condensed: held-out receipts and forms only.
    public static let sansCondensed = folder + "/DejaVuSansCondensed.ttf"
    /// DejaVu Serif Condensed: held-out receipts and forms only.
    public static let serifCondensed = folder + "/DejaVuSerifCondensed.ttf"
    /// The folder Debian installs Liberation in (`fonts-liberation`).
    public static let liberationFolder = "/usr/share/fonts/truetype/liberation"
    /// Liberation Sans (Arial's metrics): the development licence fronts.
    public static let liberationSans = liberationFolder + "/LiberationSans-Regular.ttf"
    /// Liberation Sans Bold.
    public static let liberationSansBold = liberationFolder + "/LiberationSans-Bold.ttf"
    /// Liberation Sans Narrow: the development licence fronts' small labels.
    public static let liberationSansNarrow = liberationFolder + "/LiberationSansNarrow-Regular.ttf"
    /// Liberation Serif Bold: the development licence fronts' titles.
    public static let liberationSerifBold = liberationFolder + "/LiberationSerif-Bold.ttf"
}
