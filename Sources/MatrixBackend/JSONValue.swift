import Foundation
import Models

/// A JSON document read without assumptions: every access that finds the wrong shape throws
/// ``Models/ServiceError/malformedResponse(_:)`` naming what was missing, instead of crashing.
///
/// Matrix payloads are open-ended (unknown keys, optional fields, events of any type), so the backend
/// reads them through this value rather than rigid `Decodable` types.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Parses `data`; bytes that are not JSON throw ``Models/ServiceError/malformedResponse(_:)``.
    public static func parse(_ data: Data) throws(ServiceError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .malformedResponse("the body is not JSON (\(data.count) bytes)")
        }
    }

    /// The member `key` of an object, or `nil` (not an object, or no such key).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] } else { return nil }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value } else { return nil }
    }

    /// The number as an integer, if this is a whole number.
    public var intValue: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 { return Int(value) }
        return nil
    }

    /// The boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value } else { return nil }
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value } else { return nil }
    }

    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value } else { return nil }
    }

    /// The string member `key`, or a ``Models/ServiceError/malformedResponse(_:)`` naming it.
    public func string(_ key: String, in context: String) throws(ServiceError) -> String {
        guard let value = self[key]?.stringValue else {
            throw .malformedResponse("\(context): no string \(key)")
        }
        return value
    }

    /// The integer member `key`, or a ``Models/ServiceError/malformedResponse(_:)`` naming it.
    public func int(_ key: String, in context: String) throws(ServiceError) -> Int {
        guard let value = self[key]?.intValue else {
            throw .malformedResponse("\(context): no integer \(key)")
        }
        return value
    }

    /// The object member `key`, or a ``Models/ServiceError/malformedResponse(_:)`` naming it.
    public func object(_ key: String, in context: String) throws(ServiceError) -> JSONValue {
        guard let value = self[key], value.objectValue != nil else {
            throw .malformedResponse("\(context): no object \(key)")
        }
        return value
    }

    /// The array member `key` (an absent key reads as empty), or a
    /// ``Models/ServiceError/malformedResponse(_:)`` if it is there but not an array.
    public func array(_ key: String, in context: String) throws(ServiceError) -> [JSONValue] {
        guard let value = self[key] else { return [] }
        guard let elements = value.arrayValue else {
            throw .malformedResponse("\(context): \(key) is not a list")
        }
        return elements
    }

    /// The document as JSON bytes (keys sorted, for stable request bodies).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }
}

extension JSONValue: Codable {
    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if let whole = intValue { try container.encode(whole) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object literal.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
