"""The overhead camera: deck enrolment, card recognition on green felt, new-card events."""
