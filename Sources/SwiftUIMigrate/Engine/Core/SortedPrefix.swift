extension Array {
    /// How many elements, from the first, satisfy `isBefore`, which holds for a prefix of them and
    /// for none after it: a binary search over the engine's sorted tables (line starts, edit spans,
    /// top-level items, a list's children).
    func prefixCount(where isBefore: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
