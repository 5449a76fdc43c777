/// Puts a receipt in an expense category from the words printed on it, by rules: each category
/// has keywords, and the category with the most keyword hits wins (at least one).
///
/// The category names are Veryfi's default expense categories.
public struct ReceiptCategorizer: Sendable {
    /// A category and the uppercase words that point to it.
    public struct Rule: Sendable, Hashable {
        /// The category's name.
        public var category: String
        /// Whole words (uppercase) that point to it.
        public var keywords: Set<String>

        /// Creates a rule.
        public init(category: String, keywords: Set<String>) {
            self.category = category
            self.keywords = keywords
        }
    }

    /// The rules, in order of precedence on a tie.
    public var rules: [Rule]

    /// The default rules.
    public static let standardRules: [Rule] = [
        Rule(category: "Meals & Entertainment", keywords: ["RESTAURANT", "CAFE", "COFFEE", "LATTE", "ESPRESSO", "CAPPUCCINO",
                                                            "BURGER", "PIZZA", "SANDWICH", "SALAD", "FRIES", "BEER", "WINE",
                                                            "TIP", "GRATUITY", "SERVER", "TABLE", "GUESTS", "BISTRO", "DINER",
                                                            "GRILL", "BAR", "PUB", "TAVERN", "KITCHEN", "BAKERY", "BAGEL",
                                                            "MUFFIN", "CROISSANT", "PHO", "NOODLE", "SUSHI", "TACO", "SODA",
                                                            "TEA", "DESSERT", "STEAK", "PASTA", "SOUP", "BRUNCH", "LUNCH", "DINNER"]),
        Rule(category: "Groceries", keywords: ["GROCERY", "GROCERIES", "MARKET", "SUPERMARKET", "PRODUCE", "MILK", "BREAD",
                                               "EGGS", "BANANAS", "APPLES", "CHEESE", "BUTTER", "YOGURT", "CEREAL", "RICE",
                                               "CHICKEN", "TOMATOES", "ONIONS", "POTATOES", "DELI", "FOODS", "ORGANIC"]),
        Rule(category: "Fuel & Auto", keywords: ["FUEL", "GAS", "GASOLINE", "PETROL", "DIESEL", "UNLEADED", "PUMP", "GALLONS",
                                                 "GAL", "LITRES", "LITERS", "OIL", "CARWASH", "AUTO", "TIRE", "TIRES", "SHELL",
                                                 "CHEVRON", "EXXON", "TEXACO"]),
        Rule(category: "Lodging", keywords: ["HOTEL", "INN", "MOTEL", "LODGE", "ROOM", "NIGHT", "NIGHTS", "SUITE", "RESORT",
                                             "CHECK-IN", "CHECKOUT"]),
        Rule(category: "Parking", keywords: ["PARKING", "GARAGE", "PARK", "VALET", "LOT"]),
        Rule(category: "Office Supplies & Software", keywords: ["OFFICE", "PAPER", "TONER", "INK", "PRINTER", "STAPLES", "PENS",
                                                                 "NOTEBOOK", "ENVELOPES", "BINDER", "SOFTWARE", "LICENSE", "USB",
                                                                 "CABLE", "FOLDERS"]),
        Rule(category: "Medical", keywords: ["PHARMACY", "DRUG", "PRESCRIPTION", "RX", "CLINIC", "MEDICAL", "ASPIRIN",
                                             "VITAMINS", "BANDAGES", "CHEMIST"]),
        Rule(category: "Travel", keywords: ["AIRLINE", "FLIGHT", "TAXI", "CAB", "UBER", "LYFT", "TRAIN", "RAIL", "BUS",
                                            "FARE", "TICKET", "BOARDING"]),
    ]

    /// Creates a categorizer.
    public init(rules: [Rule] = ReceiptCategorizer.standardRules) {
        self.rules = rules
    }

    /// The category the words point to most, with a confidence growing with the margin over the
    /// runner-up; `nil` when no keyword appears.
    public func categorize(_ words: [String]) -> (category: String, confidence: Double)? {
        let tokens = words.flatMap { $0.uppercased().split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init) }
        let scores = rules.map { rule in tokens.reduce(0) { $0 + (rule.keywords.contains($1) ? 1 : 0) } }
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) }),
              scores[best] > 0 else { return nil }
        let runnerUp = scores.enumerated().filter { $0.offset != best }.map(\.element).max() ?? 0
        let margin = Double(scores[best] - runnerUp)
        return (rules[best].category, min(0.95, 0.45 + 0.15 * margin))
    }
}
