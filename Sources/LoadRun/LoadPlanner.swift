/// Makes a load run's plan from its size, length and seed: a pure function, so the same seed makes
/// the same day in every driver process and in tests.
///
/// The day, as fractions of its length:
///
/// 1. `0 – 0.15`: each person signs up and sets up a profile, one after another.
/// 2. `0.2 – 0.25`: each opens the app again (a relaunch): the deck reads the whole pool.
/// 3. `0.3 – 0.55`: each swipes through their deck: a like for whom the plan says (likes cross: both
///    sides of a mutual pair like each other), now and then a super like, passes for the rest, and a
///    rewind after a pass now and then.
/// 4. `0.55 – 0.85`: the matched pairs chat in bursts, each side in turn; people go offline for a few
///    seconds and relaunch the app now and then.
/// 5. `0.88 – 0.92`: some matches are ended by one side.
///
/// Every loop is bounded by the number of people, their neighbourhood and the constants below.
public enum LoadPlanner {
    /// How many people on each side are in a person's deck.
    public static let neighbourhood = 5
    /// The chance that two neighbours like each other.
    public static let mutualLikeChance = 0.3
    /// The chance that a person likes a neighbour who does not like them back.
    public static let oneSidedLikeChance = 0.15
    /// The chance that a person super likes their first like.
    public static let superLikeChance = 0.3
    /// The chance of a rewind after a swipe.
    public static let rewindChance = 0.2
    /// The chance that a matched pair's match is ended late in the day.
    public static let unmatchChance = 0.15
    /// The chance that a person goes offline for a while.
    public static let offlineChance = 0.5
    /// The chance that a person relaunches the app in the middle of the day.
    public static let relaunchChance = 0.3
    /// Bursts per matched pair.
    public static let burstsPerPair = 2...4
    /// Messages per burst.
    public static let messagesPerBurst = 1...4
    /// The shortest day planned (a shorter one is planned this long).
    public static let minimumDaySeconds = 30.0

    /// The plan for `people` people over a day of `daySeconds` seconds, from `seed`.
    public static func plan(people: Int, daySeconds: Double, seed: UInt64) -> LoadPlan {
        let count = max(0, people)
        let daySeconds = max(daySeconds, minimumDaySeconds)
        var mutual: [LoadPair] = []
        var likes = Array(repeating: Set<Int>(), count: count)
        for person in 0..<count {
            for other in neighbours(of: person, people: count) where other > person {
                let pair = LoadPair(person, other)
                if chance(seed, pair, salt: 1) < mutualLikeChance {
                    mutual.append(pair)
                    likes[person].insert(other)
                    likes[other].insert(person)
                } else {
                    if chance(seed, pair, salt: 2) < oneSidedLikeChance { likes[person].insert(other) }
                    if chance(seed, pair, salt: 3) < oneSidedLikeChance { likes[other].insert(person) }
                }
            }
        }
        let unmatched = mutual.filter { chance(seed, $0, salt: 4) < unmatchChance }
        var actions = Array(repeating: [LoadAction](), count: count)
        var random = LoadRandom(seed: seed)
        var superLikes: [Int?] = Array(repeating: nil, count: count)
        for person in 0..<count {
            let start = daySeconds * 0.15 * Double(person) / Double(max(1, count))
            actions[person] += [
                LoadAction(at: start, step: .signUp), LoadAction(at: start + 0.5, step: .setUpProfile),
                LoadAction(
                    at: daySeconds * (0.2 + 0.05 * Double(person) / Double(max(1, count))), step: .relaunch),
            ]
            actions[person] += swipes(
                neighbours: neighbours(of: person, people: count).count, from: daySeconds * 0.3,
                to: daySeconds * 0.55, random: &random)
            if let first = likes[person].min(), Double.random(in: 0..<1, using: &random) < superLikeChance {
                superLikes[person] = first
            }
            actions[person] += interruptions(from: daySeconds * 0.55, to: daySeconds * 0.85, random: &random)
        }
        for pair in mutual {
            for (person, action) in chat(
                pair, from: daySeconds * 0.55, to: daySeconds * 0.85, random: &random)
            {
                actions[person].append(action)
            }
        }
        for pair in unmatched {
            let by = Bool.random(using: &random) ? pair.first : pair.second
            let at = Double.random(in: daySeconds * 0.88..<daySeconds * 0.92, using: &random)
            actions[by].append(LoadAction(at: at, step: .unmatch(pair.other(than: by))))
        }
        let scripts = (0..<count).map { person in
            LoadScript(
                person: person, likes: likes[person], superLike: superLikes[person],
                actions: sortedKeepingOrder(actions[person]))
        }
        return LoadPlan(
            people: count, daySeconds: daySeconds, seed: seed, scripts: scripts, mutualPairs: mutual,
            unmatchedPairs: unmatched)
    }

    /// The people whose cards `person` sees: up to ``neighbourhood`` on each side.
    public static func neighbours(of person: Int, people: Int) -> [Int] {
        Array(max(0, person - neighbourhood)...min(people - 1, person + neighbourhood)).filter {
            $0 != person
        }
    }

    private static func chance(_ seed: UInt64, _ pair: LoadPair, salt: UInt64) -> Double {
        LoadRandom.unit(seed, [UInt64(pair.first), UInt64(pair.second), salt])
    }

    /// One swipe per card in the deck, evenly spread, with a rewind and a second swipe now and then.
    private static func swipes(
        neighbours: Int, from start: Double, to end: Double, random: inout LoadRandom
    ) -> [LoadAction] {
        var steps: [LoadStep] = []
        for _ in 0..<neighbours {
            steps.append(.swipe)
            if Double.random(in: 0..<1, using: &random) < rewindChance { steps += [.rewind, .swipe] }
        }
        let gap = (end - start) / Double(max(1, steps.count))
        return steps.enumerated().map { index, step in
            LoadAction(at: start + gap * Double(index), step: step)
        }
    }

    /// An offline spell of a few seconds and a relaunch, each by chance.
    private static func interruptions(from start: Double, to end: Double, random: inout LoadRandom)
        -> [LoadAction]
    {
        var result: [LoadAction] = []
        if Double.random(in: 0..<1, using: &random) < offlineChance {
            let at = Double.random(in: start..<end, using: &random)
            let length = Double.random(in: 3..<6, using: &random)
            result += [LoadAction(at: at, step: .goOffline), LoadAction(at: at + length, step: .goOnline)]
        }
        if Double.random(in: 0..<1, using: &random) < relaunchChance {
            result.append(LoadAction(at: Double.random(in: start..<end, using: &random), step: .relaunch))
        }
        return result
    }

    /// A matched pair's bursts, each side in turn: each burst sends one message after another and
    /// goes back to the matches.
    private static func chat(_ pair: LoadPair, from start: Double, to end: Double, random: inout LoadRandom)
        -> [(Int, LoadAction)]
    {
        let bursts = Int.random(in: burstsPerPair, using: &random)
        var starts = (0..<bursts).map { _ in
            Double.random(in: start..<max(start + 1, end - 8), using: &random)
        }
        starts.sort()
        var speaker = Bool.random(using: &random) ? pair.first : pair.second
        var numbers = [pair.first: 0, pair.second: 0]
        var result: [(Int, LoadAction)] = []
        for burstStart in starts {
            var at = burstStart
            for _ in 0..<Int.random(in: messagesPerBurst, using: &random) {
                numbers[speaker, default: 0] += 1
                let step = LoadStep.send(to: pair.other(than: speaker), number: numbers[speaker, default: 0])
                result.append((speaker, LoadAction(at: at, step: step)))
                at += Double.random(in: 0.4..<1.2, using: &random)
            }
            result.append((speaker, LoadAction(at: at, step: .closeConversation)))
            speaker = pair.other(than: speaker)
        }
        return result
    }

    /// The actions by time; those at the same time keep the order they were made in.
    private static func sortedKeepingOrder(_ actions: [LoadAction]) -> [LoadAction] {
        actions.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }
}
