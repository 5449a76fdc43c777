import Foundation

/// Makes up a receipt's content: a merchant of a category, items, taxes, tip and payment, in a
/// locale's conventions, with the text lines a printer would print.
enum ReceiptGenerator {
    /// One printed line: text at the left, an amount at the right, or a centred heading.
    struct PrintLine {
        var left: String
        var right: String?
        var centered = false
        var bold = false
        var scale = 1.0
    }

    struct Merchant {
        let names: [String]
        let category: String
        let items: [(String, Decimal)]
    }

    static let merchants: [Merchant] = [
        Merchant(names: ["BLUE DOOR DINER", "CAFE LUNA", "THE BURGER JOINT", "GOLDEN DRAGON BISTRO", "PHO SAIGON KITCHEN"],
                 category: "Meals & Entertainment",
                 items: [("COFFEE LATTE", 3.5), ("BAGEL", 2.5), ("CLUB SANDWICH", 8.25), ("CAESAR SALAD", 7.95), ("FRIES", 3.25),
                         ("ICED TEA", 2.75), ("CHEESEBURGER", 9.5), ("PIZZA SLICE", 3.95), ("ESPRESSO", 2.2), ("MUFFIN", 2.95),
                         ("TOMATO SOUP", 4.5), ("PASTA", 11.9)]),
        Merchant(names: ["FRESH MARKET", "GREEN VALLEY GROCERY", "CORNER FOODS", "SUNRISE SUPERMARKET"], category: "Groceries",
                 items: [("MILK", 3.49), ("BREAD", 2.99), ("EGGS", 3.29), ("BANANAS", 1.29), ("APPLES", 4.5), ("CHEESE", 5.49),
                         ("BUTTER", 4.29), ("YOGURT", 1.19), ("RICE", 2.89), ("CHICKEN", 8.75), ("TOMATOES", 2.4), ("CEREAL", 4.1)]),
        Merchant(names: ["QUICK FUEL", "HIGHWAY GAS AND GO", "EXPRESS PETROL"], category: "Fuel & Auto",
                 items: [("UNLEADED FUEL", 45.2), ("DIESEL FUEL", 61.8), ("CAR WASH", 8), ("MOTOR OIL", 6.99), ("WATER", 1.5)]),
        Merchant(names: ["PAPER AND INK CO", "DESK SUPPLY STORE"], category: "Office Supplies & Software",
                 items: [("COPY PAPER", 8.99), ("TONER", 49.99), ("PENS", 6.49), ("NOTEBOOK", 3.99), ("ENVELOPES", 4.79),
                         ("USB CABLE", 9.99), ("BINDER", 5.25)]),
        Merchant(names: ["CITY PHARMACY", "HEALTHY LIFE CHEMIST"], category: "Medical",
                 items: [("VITAMINS", 9.99), ("ASPIRIN", 5.49), ("BANDAGES", 3.99), ("COUGH SYRUP", 7.25)]),
    ]

    /// A receipt and its printed lines for photo `index` of set `seed`.
    static func make(random: inout SeededRandom, heldOut: Bool, font: String) -> (SyntheticReceipt, [PrintLine]) {
        let codes = heldOut ? ["US", "US", "UK", "DE", "FR", "VN"] : ["US", "US", "US", "UK", "DE", "VN"]
        let locale = ReceiptLocale.all[codes[Int(random.uniform(0...Double(codes.count) - 0.001))]]!
        let merchant = merchants[Int(random.uniform(0...Double(merchants.count) - 0.001))]
        let name = merchant.names[Int(random.uniform(0...Double(merchant.names.count) - 0.001))]
        let place = locale.cities[Int(random.uniform(0...Double(locale.cities.count) - 0.001))]
        let factor: Decimal = locale.minorDigits == 0 ? 5000 : 1
        func money(_ value: Decimal) -> Decimal {
            var source = value * factor, rounded = Decimal()
            NSDecimalRound(&rounded, &source, locale.minorDigits == 0 ? -3 : 2, .plain)
            return rounded
        }

        var items: [SyntheticReceipt.Item] = []
        let count = Int(random.uniform(1...7.999))
        var pool = merchant.items
        for _ in 0..<min(count, pool.count) {
            let pick = pool.remove(at: Int(random.uniform(0...Double(pool.count) - 0.001)))
            let quantity = random.chance(0.25) ? Int(random.uniform(2...4.999)) : 1
            let price = money(pick.1)
            items.append(.init(description: pick.0, quantity: quantity, price: price, total: price * Decimal(quantity)))
        }
        let subtotal = items.map(\.total).reduce(0, +)
        var tax: Decimal?
        if random.chance(0.85) {
            let rate = locale.taxRates[Int(random.uniform(0...Double(locale.taxRates.count) - 0.001))]
            var source = subtotal * rate / 100, rounded = Decimal()
            NSDecimalRound(&rounded, &source, locale.minorDigits == 0 ? -2 : 2, .plain)
            tax = rounded
        }
        var tip: Decimal?
        if merchant.category == "Meals & Entertainment", random.chance(0.5) {
            var source = subtotal * Decimal(Int(random.uniform(10...20))) / 100, rounded = Decimal()
            NSDecimalRound(&rounded, &source, locale.minorDigits == 0 ? -3 : 0, .plain)
            tip = rounded
        }
        let total = subtotal + (tax ?? 0) + (tip ?? 0)

        // Date and time, printed in one of the locale's forms.
        let year = Int(random.uniform(2019...2026.999)), month = Int(random.uniform(1...12.999))
        let day = Int(random.uniform(1...28.999)), hour = Int(random.uniform(7...22.999)), minute = Int(random.uniform(0...59.999))
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        let hour12 = hour % 12 == 0 ? 12 : hour % 12, meridiem = hour < 12 ? "AM" : "PM"
        let two = { (value: Int) in String(format: "%02d", value) }
        var dateForms: [String]
        switch locale.code {
        case "US": dateForms = ["\(two(month))/\(two(day))/\(year) \(hour12):\(two(minute)) \(meridiem)",
                                "\(months[month - 1].capitalized) \(day), \(year) \(hour12):\(two(minute)) \(meridiem)",
                                "\(two(month))/\(two(day))/\(year % 100) \(two(hour)):\(two(minute))"]
        case "DE": dateForms = ["\(two(day)).\(two(month)).\(two(year % 100)) \(two(hour)):\(two(minute))",
                                "\(two(day)).\(two(month)).\(year) \(two(hour)):\(two(minute))"]
        default: dateForms = ["\(two(day))/\(two(month))/\(year) \(two(hour)):\(two(minute))"]
        }
        if heldOut { dateForms += ["\(two(day))-\(months[month - 1])-\(year) \(two(hour)):\(two(minute))",
                                   "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute))"] }
        let printedDate = dateForms[Int(random.uniform(0...Double(dateForms.count) - 0.001))]

        let cards = ["visa", "mastercard", "amex", "discover"]
        let paymentType = random.chance(0.8) ? cards[Int(random.uniform(0...3.999))] : "cash"
        let lastFour = paymentType == "cash" ? nil : String(format: "%04d", Int(random.uniform(0...9999.99)))

        var lines: [PrintLine] = [PrintLine(left: name, centered: true, bold: true, scale: 1.25)]
        lines.append(PrintLine(left: place.street, centered: true))
        lines.append(PrintLine(left: place.city, centered: true))
        let hasPhone = random.chance(0.8)
        if hasPhone { lines.append(PrintLine(left: (heldOut ? "Phone: " : "TEL ") + place.phone, centered: true)) }
        lines.append(PrintLine(left: ""))
        if random.chance(0.5) {
            let parts = printedDate.split(separator: " ", maxSplits: 1).map(String.init)
            lines.append(PrintLine(left: parts[0], right: parts.count > 1 ? parts[1] : nil))
        } else {
            lines.append(PrintLine(left: printedDate))
        }
        lines.append(PrintLine(left: "TRANS #\(Int(random.uniform(1000...99999)))"))
        lines.append(PrintLine(left: ""))
        let symbolOnItems = heldOut && random.chance(0.5)
        for item in items {
            if item.quantity > 1 {
                if random.chance(0.5) {
                    lines.append(PrintLine(left: "\(item.quantity) x \(item.description)", right: locale.format(item.total, symbol: symbolOnItems)))
                } else {
                    lines.append(PrintLine(left: "\(item.description) \(item.quantity) @ \(locale.format(item.price, symbol: false))",
                                           right: locale.format(item.total, symbol: symbolOnItems)))
                }
            } else {
                lines.append(PrintLine(left: item.description, right: locale.format(item.total, symbol: symbolOnItems)))
            }
        }
        lines.append(PrintLine(left: ""))
        lines.append(PrintLine(left: heldOut ? "Sub Total" : locale.subtotalLabel, right: locale.format(subtotal, symbol: symbolOnItems)))
        if let tax { lines.append(PrintLine(left: heldOut ? "Tax" : locale.taxLabel, right: locale.format(tax, symbol: symbolOnItems))) }
        if let tip { lines.append(PrintLine(left: heldOut ? "Gratuity" : locale.tipLabel, right: locale.format(tip, symbol: symbolOnItems))) }
        let totalLabel = heldOut ? "AMOUNT DUE" : locale.totalLabels[Int(random.uniform(0...Double(locale.totalLabels.count) - 0.001))]
        lines.append(PrintLine(left: totalLabel, right: locale.format(total, symbol: true), bold: true, scale: 1.1))
        lines.append(PrintLine(left: ""))
        if let lastFour {
            let display = ["visa": "VISA", "mastercard": "MASTERCARD", "amex": "AMEX", "discover": "DISCOVER"][paymentType]!
            lines.append(PrintLine(left: "\(display) ************\(lastFour)", right: locale.format(total, symbol: false)))
        } else {
            let tendered = locale.minorDigits == 0 ? total + 50000 - (total.remainder(50000)) : total + 5
            lines.append(PrintLine(left: "CASH", right: locale.format(tendered, symbol: false)))
            lines.append(PrintLine(left: "CHANGE", right: locale.format(tendered - total, symbol: false)))
        }
        lines.append(PrintLine(left: ""))
        lines.append(PrintLine(left: heldOut ? "Thanks for visiting!" : "THANK YOU", centered: true))

        let truth = SyntheticReceipt(
            vendorName: name, vendorAddress: place.street + "\n" + place.city, vendorPhone: hasPhone ? place.phone : nil,
            date: String(format: "%04d-%02d-%02d %02d:%02d:00", year, month, day, hour, minute), currencyCode: locale.currency,
            lineItems: items, subtotal: subtotal, tax: tax, tip: tip, total: total, paymentType: paymentType, cardNumber: lastFour,
            category: merchant.category, locale: locale.code, font: (font as NSString).lastPathComponent)
        return (truth, lines)
    }
}

extension Decimal {
    /// The remainder of division by `divisor` (both whole numbers).
    fileprivate func remainder(_ divisor: Decimal) -> Decimal {
        let value = NSDecimalNumber(decimal: self).int64Value, d = NSDecimalNumber(decimal: divisor).int64Value
        return Decimal(value % d)
    }
}
