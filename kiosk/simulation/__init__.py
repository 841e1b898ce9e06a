"""Monte Carlo simulation of whole rounds through the live engine (`models.round.Round`), on
every core: the house edge of a playing strategy, with a confidence interval."""
