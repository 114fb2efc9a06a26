"""Use cases: each DdT action is one call here and one transaction; adapters call nothing lower."""
