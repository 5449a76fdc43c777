import Foundation

/// The receipt as JSON in the keys of Veryfi's receipt document: `vendor` (`name`, `address`,
/// `phone_number`), `date` (`YYYY-MM-DD HH:MM:SS`), `currency_code`, `subtotal`, `tax`, `tip`,
/// `total`, `line_items` (`description`, `quantity`, `price`, `total`), `payment` (`type`,
/// `card_number` with the last four digits), `category`; plus `confidence` (the mean over the
/// fields found), `field_confidence` and `bounding_boxes` (`[x, y, width, height]`) per field,
/// and `consistency`. A field not found is `null`.
extension Receipt: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: JSONKey.self)
        try root.encode("receipt", forKey: JSONKey("document_type"))
        var vendor = root.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("vendor"))
        try vendor.encode(vendorName?.value, forKey: JSONKey("name"))
        try vendor.encode(vendorAddress?.value, forKey: JSONKey("address"))
        try vendor.encode(vendorPhone?.value, forKey: JSONKey("phone_number"))
        try root.encode(date?.value.veryfiText, forKey: JSONKey("date"))
        try root.encode(currency?.value.code, forKey: JSONKey("currency_code"))
        try root.encode(subtotal?.value, forKey: JSONKey("subtotal"))
        try root.encode(tax?.value, forKey: JSONKey("tax"))
        try root.encode(tip?.value, forKey: JSONKey("tip"))
        try root.encode(total?.value, forKey: JSONKey("total"))
        var items = root.nestedUnkeyedContainer(forKey: JSONKey("line_items"))
        for (order, item) in lineItems.enumerated() {
            var entry = items.nestedContainer(keyedBy: JSONKey.self)
            try entry.encode(order, forKey: JSONKey("order"))
            try entry.encode(item.description, forKey: JSONKey("description"))
            try entry.encode(item.quantity, forKey: JSONKey("quantity"))
            try entry.encode(item.unitPrice, forKey: JSONKey("price"))
            try entry.encode(item.total, forKey: JSONKey("total"))
            try entry.encode(Self.rounded(item.confidence), forKey: JSONKey("confidence"))
            try entry.encode(Self.array(item.box), forKey: JSONKey("bounding_box"))
        }
        if let payment {
            var entry = root.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("payment"))
            try entry.encode(payment.type, forKey: JSONKey("type"))
            try entry.encode(payment.lastFour, forKey: JSONKey("card_number"))
        } else {
            try root.encodeNil(forKey: JSONKey("payment"))
        }
        try root.encode(category?.value, forKey: JSONKey("category"))
        try root.encode(Self.rounded(confidence), forKey: JSONKey("confidence"))
        let fields: [(String, Double?, TextBox?)] = [
            ("vendor.name", vendorName?.confidence, vendorName?.box),
            ("vendor.address", vendorAddress?.confidence, vendorAddress?.box),
            ("vendor.phone_number", vendorPhone?.confidence, vendorPhone?.box),
            ("date", date?.confidence, date?.box), ("currency_code", currency?.confidence, currency?.box),
            ("subtotal", subtotal?.confidence, subtotal?.box), ("tax", tax?.confidence, tax?.box),
            ("tip", tip?.confidence, tip?.box), ("total", total?.confidence, total?.box),
            ("payment", payment?.confidence, payment?.box), ("category", category?.confidence, category?.box),
        ]
        var confidences = root.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("field_confidence"))
        for (name, value, _) in fields { if let value { try confidences.encode(Self.rounded(value), forKey: JSONKey(name)) } }
        var boxes = root.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("bounding_boxes"))
        for (name, _, box) in fields { if let box { try boxes.encode(Self.array(box), forKey: JSONKey(name)) } }
        var checks = root.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("consistency"))
        try checks.encode(consistency.totalsAgree, forKey: JSONKey("totals_agree"))
        try checks.encode(consistency.lineItemsAgree, forKey: JSONKey("line_items_agree"))
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    static func array(_ box: TextBox) -> [Int] { [box.x, box.y, box.width, box.height] }
}
