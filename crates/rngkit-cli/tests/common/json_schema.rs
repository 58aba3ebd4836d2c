//! A small JSON Schema validator for the CLI's `--format json` tests: the
//! keywords `docs/cli-json.schema.json` uses (`type`, `const`, `enum`,
//! `required`, `properties`, `additionalProperties: false`, `items`,
//! `minimum`, `anyOf`, `oneOf`, `not`, `$ref` into `#/$defs`), each as the
//! JSON Schema 2020-12 specification defines it. A keyword the schema uses
//! and this file does not know fails the test, so the schema cannot grow
//! past what is checked.

use serde_json::Value;

/// The schema of the CLI's JSON, read from the docs.
pub fn cli_schema() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/cli-json.schema.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("the schema file"))
        .expect("the schema is JSON")
}

/// The errors of `value` against the definition `def` of `root`
/// (`#/$defs/NAME`), empty when it is valid.
pub fn validate_def(root: &Value, def: &str, value: &Value) -> Vec<String> {
    let schema = &root["$defs"][def];
    assert!(schema.is_object(), "no definition {def}");
    let mut errors = Vec::new();
    check(root, schema, value, "$", &mut errors);
    errors
}

fn type_matches(name: &str, value: &Value) -> bool {
    match name {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "number" => value.is_number(),
        // 2020-12: a number with a zero fractional part is an integer.
        "integer" => {
            value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|x| x.fract() == 0.0)
        }
        other => panic!("unknown type {other}"),
    }
}

fn check(root: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    let Some(schema) = schema.as_object() else {
        panic!("schema at {at} is not an object");
    };
    for (key, rule) in schema {
        match key.as_str() {
            "$schema" | "$id" | "title" | "description" => {}
            "$ref" => {
                let name = rule
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/$defs/"))
                    .expect("refs point into $defs");
                let target = &root["$defs"][name];
                assert!(target.is_object(), "dangling $ref {name}");
                check(root, target, value, at, errors);
            }
            "type" => {
                let names: Vec<&str> = match rule {
                    Value::String(s) => vec![s.as_str()],
                    Value::Array(a) => a.iter().map(|t| t.as_str().unwrap()).collect(),
                    _ => panic!("bad type at {at}"),
                };
                if !names.iter().any(|n| type_matches(n, value)) {
                    errors.push(format!("{at}: {value} is not of type {names:?}"));
                }
            }
            "const" => {
                if !json_eq(rule, value) {
                    errors.push(format!("{at}: {value} is not {rule}"));
                }
            }
            "enum" => {
                if !rule.as_array().unwrap().iter().any(|r| json_eq(r, value)) {
                    errors.push(format!("{at}: {value} is not one of {rule}"));
                }
            }
            "minimum" => {
                if let (Some(x), Some(min)) = (value.as_f64(), rule.as_f64())
                    && x < min
                {
                    errors.push(format!("{at}: {value} is below {min}"));
                }
            }
            "required" => {
                if let Some(obj) = value.as_object() {
                    for name in rule.as_array().unwrap() {
                        let name = name.as_str().unwrap();
                        if !obj.contains_key(name) {
                            errors.push(format!("{at}: missing {name}"));
                        }
                    }
                }
            }
            "properties" => {
                if let Some(obj) = value.as_object() {
                    for (name, sub) in rule.as_object().unwrap() {
                        if let Some(v) = obj.get(name) {
                            check(root, sub, v, &format!("{at}.{name}"), errors);
                        }
                    }
                }
            }
            "additionalProperties" => {
                assert_eq!(rule, &Value::Bool(false), "only `false` is supported");
                if let Some(obj) = value.as_object() {
                    let known = schema.get("properties").and_then(Value::as_object);
                    for name in obj.keys() {
                        if !known.is_some_and(|k| k.contains_key(name)) {
                            errors.push(format!("{at}: unexpected field {name}"));
                        }
                    }
                }
            }
            "items" => {
                if let Some(items) = value.as_array() {
                    for (i, item) in items.iter().enumerate() {
                        check(root, rule, item, &format!("{at}[{i}]"), errors);
                    }
                }
            }
            "anyOf" | "oneOf" => {
                let passing = rule
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|sub| {
                        let mut e = Vec::new();
                        check(root, sub, value, at, &mut e);
                        e.is_empty()
                    })
                    .count();
                let ok = if key == "anyOf" {
                    passing >= 1
                } else {
                    passing == 1
                };
                if !ok {
                    errors.push(format!(
                        "{at}: {passing} of the {key} branches match {value}"
                    ));
                }
            }
            "not" => {
                let mut e = Vec::new();
                check(root, rule, value, at, &mut e);
                if e.is_empty() {
                    errors.push(format!("{at}: {value} matches a `not`"));
                }
            }
            "$defs" => {}
            other => panic!("the validator does not know the keyword {other} (at {at})"),
        }
    }
}

/// JSON equality with numbers compared by value (1 and 1.0 are equal).
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

#[test]
fn the_validator_rejects_what_the_schema_forbids() {
    let root = cli_schema();
    let ok = serde_json::json!({"schema":1,"error":"x","exit":2});
    assert!(validate_def(&root, "error", &ok).is_empty());
    for bad in [
        serde_json::json!({"schema":2,"error":"x","exit":2}),
        serde_json::json!({"schema":1,"error":"x","exit":0}),
        serde_json::json!({"schema":1,"error":"x"}),
        serde_json::json!({"schema":1,"error":"x","exit":2,"extra":true}),
        serde_json::json!({"schema":1,"error":7,"exit":2}),
    ] {
        assert!(!validate_def(&root, "error", &bad).is_empty(), "{bad}");
    }
    // A value of the wrong shape inside an array, and the state's own form
    // against a versioned document.
    let draw = serde_json::json!({"type":"draw","index":-1,"value":[1,"a"]});
    assert_eq!(validate_def(&root, "gen_draw", &draw).len(), 2);
    let unity = serde_json::json!({"s0":0,"s1":1,"s2":2,"s3":3});
    assert!(validate_def(&root, "state", &unity).is_empty());
    assert!(!validate_def(&root, "state", &ok).is_empty());
}
