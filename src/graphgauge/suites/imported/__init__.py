"""Tasks of benchmarks that graphgauge imports rather than generates (NLGraph,
GraphWalks, a user's own questions).

Each imported task answers, reads and verifies through a graphgauge task it maps to, so an
imported item renders in any encoding and runs with any model; it adds the source
benchmark's own score as a second metric beside graphgauge's verified accuracy.
"""
