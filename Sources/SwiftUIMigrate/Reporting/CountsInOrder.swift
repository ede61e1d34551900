extension Sequence where Element: Hashable {
    /// Each distinct element with how many times it occurs, in the order each first occurs: the
    /// kinds of site a summary lists, the rules and the labels a commit message counts.
    func countsInOrder() -> [(element: Element, count: Int)] {
        var order: [Element] = []
        var counts: [Element: Int] = [:]
        for element in self {
            if counts[element] == nil { order.append(element) }
            counts[element, default: 0] += 1
        }
        return order.map { ($0, counts[$0]!) }
    }
}
