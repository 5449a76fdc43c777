import PapersImaging

/// Draws a barcode symbol (one gray pixel per module, dark on light) as an SVG: one path of
/// unit squares, crisp at any size.
enum QRCodeSVG {
    static func render(_ symbol: Image) -> String {
        var path = ""
        path.reserveCapacity(symbol.width * symbol.height * 4)
        for y in 0..<symbol.height {
            var x = 0
            while x < symbol.width {
                guard symbol.pixels[y * symbol.width + x] < 128 else { x += 1; continue }
                var run = 1
                while x + run < symbol.width, symbol.pixels[y * symbol.width + x + run] < 128 { run += 1 }
                path += "M\(x) \(y)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(symbol.width) \(symbol.height)\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
    }
}
