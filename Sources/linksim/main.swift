import ArgumentParser
import LinkSimCore

LinkSim.main()
