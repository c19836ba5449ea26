"""-p key=value: URLs are read without the YAML parser; every value must still read
exactly as YAML reads it."""

import pytest
import yaml

from graphgauge.errors import UserError
from graphgauge.params import _PLAIN_URL, parse_duration, parse_params

VALUES = [
    "http://127.0.0.1:8000/v1", "https://api.example.com/v1?x=1&y=2", "http://host/a%20b",
    "http://h:", "http://h#frag", "http://h/a,b", "http://h/[x]", "http://h/{x}",
    "http://h/a b", "http://h/é", "http://h/\x01", "s3://bucket/key", "0.2", "true", "no",
    "null", "~", "[a, b]", "2024-01-01", "text", "'quoted'", "*ref", "a: b", "http://",
    "1e3", "git+ssh://git@host:repo.git", "http://h/a'b\"c", "http://h:1/x|y>z!*&",
]


@pytest.mark.parametrize("value", VALUES)
def test_a_value_reads_as_yaml_reads_it(value):
    try:
        expected = yaml.safe_load(value)
    except yaml.YAMLError:
        with pytest.raises(UserError, match="malformed value"):
            parse_params([f"k={value}"])
        assert not _PLAIN_URL.fullmatch(value)
    else:
        got = parse_params([f"k={value}"])["k"]
        assert got == expected and type(got) is type(expected)


def test_urls_take_the_fast_path_and_the_rest_does_not():
    assert _PLAIN_URL.fullmatch("http://127.0.0.1:8000/v1")
    for value in ("http://h:", "http://h#x", "http://h/a b", "0.2", "true", "[a]", "http://h/é"):
        assert not _PLAIN_URL.fullmatch(value), value


def test_empty_and_malformed():
    assert parse_params(["k="]) == {"k": ""}
    with pytest.raises(UserError, match="key=value"):
        parse_params(["novalue"])
    with pytest.raises(UserError, match="malformed value"):
        parse_params(["k=[a, b"])


@pytest.mark.parametrize(("text", "seconds"), [
    ("90", 90), ("2.5", 2.5), ("90s", 90), ("30m", 1800), ("2h", 7200), ("1h30m", 5400),
    ("1.5d", 129600), (" 1H 30M ", 5400), (".5m", 30), (45, 45),
])
def test_a_duration_reads_as_a_person_writes_it(text, seconds):
    """``--wait-limit``'s values (the refusals are in the user-errors table)."""
    assert parse_duration(text, "--wait-limit") == seconds
    assert parse_duration(None, "--wait-limit") is None
