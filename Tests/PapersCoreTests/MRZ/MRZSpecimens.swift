import PapersCore

/// Published MRZ specimens (ICAO 9303 parts 4–7 and French CNIS cards) used across the MRZ tests.
enum MRZSpecimens {
    static let today = CalendarDate(year: 2026, month: 11, day: 23)!

    static let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    static let td1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]
    static let td2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]
    static let mrvA = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"]
    static let mrvB = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "L8988901C4XXX4009078F9612109<<<<<<<<"]
    static let cnis = ["IDFRALOISEAU<<<<<<<<<<<<<<<<<<<<<<<<", "970675K002774HERVE<<DJAMEL<7303216M4"]
    static let cnis2 = ["IDFRADOUEL<<<<<<<<<<<<<<<<<<<<932013", "0506932020438CHRISTIANE<<NI2906209F3"]
    /// A US passport card: a TD1 with data in the optional fields.
    static let td1PassportCard = ["IPUSAC030049646<<10<30<B22<498", "8101017M1911297USA<<0754052296", "TRAVELER<<HAPPY<<<<<<<<<<<<<<<"]
    /// A TD1 with an unknown expiry date (fillers, check digit 0).
    static let td1NoExpiry = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F<<<<<<0UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]
    /// A TD1 whose document number is longer than nine characters (ICAO 9303 part 5, 4.2.4).
    static let td1LongNumber = ["I<UTOD23145890<7349<<<<<<<<<<<", "3407127M9507122UTO<<<<<<<<<<<2", "STEVENSON<<PETER<JOHN<<<<<<<<<"]
    /// German passport: issuing state and nationality `D<<`.
    static let germanPassport = ["P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4"]
}
